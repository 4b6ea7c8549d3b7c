import { LIMITS } from '@studium/protocol';

/**
 * Reconnect back-off of the notification socket (docs/notifications.md): 1 s doubling up to 15 s. The step
 * counter stops at 5 and goes back to 0 when a connection opens or an init frame arrives.
 */
export function backoffDelay(step: number): number {
  const safe = Number.isFinite(step) ? Math.max(0, Math.floor(step)) : 0;
  const capped = Math.min(safe, LIMITS.notificationBackoffMaxStep);
  return Math.min(LIMITS.notificationBackoffStartMs * 2 ** capped, LIMITS.notificationBackoffMaxMs);
}

/** The step after a failed attempt, capped at 5. */
export function nextBackoffStep(step: number): number {
  return Math.min(step + 1, LIMITS.notificationBackoffMaxStep);
}
