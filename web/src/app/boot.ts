/** The landing route of the hash router: no fragment, `#` or `#/`. */
export function isLandingHash(hash: string): boolean {
  return hash === '' || hash === '#' || hash === '#/';
}

/**
 * Whether the visitor is logged in, read without the app's data layer and its schemas (which is
 * what this avoids loading): only `is_authenticated: true` counts. `null` when the server cannot
 * say (offline, an error). The app asks again through its own session query.
 */
export async function peekLoggedIn(): Promise<boolean | null> {
  try {
    const res = await fetch('/api/session/', { headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    const session: unknown = await res.json();
    return typeof session === 'object' && session !== null && 'is_authenticated' in session
      ? session.is_authenticated === true
      : null;
  } catch {
    return null;
  }
}
