/**
 * Where to go right after a login or logout. React Router applies navigations as transitions,
 * while the session cache update renders at once; without this the route guards would see the
 * new session first and send the user to their default ('/' or '/login') instead of the spec's
 * target (/home, /onboarding, /). The guards redirect here while it is set; the layout clears it
 * once the location changed.
 */
let pendingTarget: string | null = null;

export function setPostAuthRedirect(target: string): void {
  pendingTarget = target;
}

export function peekPostAuthRedirect(): string | null {
  return pendingTarget;
}

export function clearPostAuthRedirect(): void {
  pendingTarget = null;
}
