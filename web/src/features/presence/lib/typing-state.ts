import { PRESENCE_LIMITS } from '@studium/protocol';

/** Who is typing in a room: username → when their last signal arrived (ms). */
export type TypingState = ReadonlyMap<string, number>;

/** A typing signal from `username` at `now`; the order of first signals is kept. */
export function noteTyping(state: TypingState, username: string, now: number): TypingState {
  const next = new Map(state);
  next.set(username, now);
  return next;
}

/** Their message arrived (or they left): no longer typing. */
export function clearTyping(state: TypingState, username: string): TypingState {
  if (!state.has(username)) return state;
  const next = new Map(state);
  next.delete(username);
  return next;
}

/** Drops the signals older than the expiry; the same object when nothing expired. */
export function expireTyping(state: TypingState, now: number): TypingState {
  const fresh = [...state].filter(([, at]) => now - at < PRESENCE_LIMITS.typingExpiryMs);
  return fresh.length === state.size ? state : new Map(fresh);
}

/** When the next signal expires, in ms from `now`; null when nobody is typing. */
export function nextExpiryIn(state: TypingState, now: number): number | null {
  if (state.size === 0) return null;
  const oldest = Math.min(...state.values());
  return Math.max(0, oldest + PRESENCE_LIMITS.typingExpiryMs - now);
}

/** Whether a keystroke at `now` should send `typing` (last sent at `lastSent`). */
export function shouldSendTyping(lastSent: number | null, now: number): boolean {
  return lastSent === null || now - lastSent >= PRESENCE_LIMITS.typingIntervalMs;
}
