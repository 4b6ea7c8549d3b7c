import { formatBadge } from '../../../lib/format-badge';

/** Accessible name of an unread count: '1 unread message', '3 unread messages', '99+ unread messages'. */
export const unreadLabel = (n: number) =>
  `${formatBadge(n) ?? '0'} unread ${n === 1 ? 'message' : 'messages'}`;

/** Accessible name of a mention count: '1 mention', '2 mentions'. */
export const mentionLabel = (n: number) => `${formatBadge(n) ?? '0'} ${n === 1 ? 'mention' : 'mentions'}`;

/** The first message after `marker` written by someone else: where the 'New messages' divider goes. */
export function firstUnreadId(
  messages: ReadonlyArray<{ id: number; username: string | null }>,
  marker: number | null,
  me: string | null,
): number | null {
  if (marker === null) return null;
  return messages.find((m) => m.id > marker && m.username !== me)?.id ?? null;
}
