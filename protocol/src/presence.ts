import { z } from 'zod';

/** Typing and presence (docs/presence.md). */
export const PRESENCE_LIMITS = {
  /** The composer sends `typing` at most this often while its user types. */
  typingIntervalMs: 3000,
  /** A typing indicator without a new signal for this long goes away by itself. */
  typingExpiryMs: 6000,
  /** At most this many users watched by one presence socket. */
  watchMax: 100,
  /** A server refreshes its users' presence this often; an entry lives three times as long. */
  presenceRefreshMs: 30_000,
} as const;

export const PRESENCE_TEXTS = {
  online: 'Online',
  isTyping: (name: string) => `${name} is typing…`,
  twoTyping: (a: string, b: string) => `${a} and ${b} are typing…`,
  severalTyping: 'Several people are typing…',
  settingLabel: "Show when I'm online and typing",
  settingHint: 'When off, nobody sees you online or typing; you still see others.',
  saved: 'Presence setting saved',
  saveFailed: 'Failed to save the presence setting',
} as const;

/** The text under the message list for the people typing now (in the order they started). */
export function typingText(names: string[]): string | null {
  if (names.length === 0) return null;
  if (names.length === 1) return PRESENCE_TEXTS.isTyping(names[0]!);
  if (names.length === 2) return PRESENCE_TEXTS.twoTyping(names[0]!, names[1]!);
  return PRESENCE_TEXTS.severalTyping;
}

/** Client → room socket: the user is typing (sent at most every `typingIntervalMs`). */
export const typingClientFrame = z.strictObject({ action: z.literal('typing') });
export type TypingClientFrame = z.infer<typeof typingClientFrame>;

/** Room socket → client: someone in the room is typing (never sent for an opted-out user). */
export const typingFrame = z.object({ type: z.literal('typing'), username: z.string() });
export type TypingFrame = z.infer<typeof typingFrame>;

/**
 * `/ws/presence/?users=a,b` → client: whether each watched user is online now (the first frame
 * names every watched user; later ones only those that changed). Unknown usernames are left out.
 */
export const presenceFrame = z.object({
  type: z.literal('presence'),
  online: z.record(z.string(), z.boolean()),
});
export type PresenceFrame = z.infer<typeof presenceFrame>;

/**
 * `/ws/presence/` → client: what others may see of a watched user's profile has changed (a field
 * or the picture, as docs/profile.md says who sees which); a screen showing the profile reads it
 * again. Not sent for changes nobody else sees, nor across a block.
 */
export const profileChangedFrame = z.object({ type: z.literal('profile_changed'), username: z.string() });
export type ProfileChangedFrame = z.infer<typeof profileChangedFrame>;

export const presenceSocketFrame = z.union([
  presenceFrame,
  profileChangedFrame,
  z.object({ error: z.string() }),
]);
export type PresenceSocketFrame = z.infer<typeof presenceSocketFrame>;

/** `GET|POST /api/profile/settings/presence/`: whether others see the user online and typing. */
export const presenceSettings = z.strictObject({ show_presence: z.boolean() });
export type PresenceSettings = z.infer<typeof presenceSettings>;
