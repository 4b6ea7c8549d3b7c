import { CHAT_LIMITS, type ChatMessage } from '@studium/protocol';
import { isTombstone } from './message-store';

const sameLocalDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/**
 * Whether `message` shows under the header of the message before it (docs/chat.md, "Grouped
 * messages"): the same person wrote both, at most `groupWindowMs` apart on the same local day, and
 * nothing breaks the run: the 'New messages' divider above it, a reply, a bot, a deleted message
 * or one collapsed for the viewer (`isHidden`).
 */
export function continuesGroup(
  previous: ChatMessage | undefined,
  message: ChatMessage,
  firstUnreadId: number | null,
  isHidden: (m: ChatMessage) => boolean = () => false,
): boolean {
  if (!previous || message.id === firstUnreadId || message.reply_to !== null) return false;
  if (message.username !== previous.username || message.is_bot || previous.is_bot) return false;
  if (isTombstone(previous) || isTombstone(message) || isHidden(previous) || isHidden(message)) return false;
  const [before, after] = [new Date(previous.timestamp), new Date(message.timestamp)];
  const gap = after.getTime() - before.getTime();
  return gap >= 0 && gap <= CHAT_LIMITS.groupWindowMs && sameLocalDay(before, after);
}

/** The ids of the messages that continue a group, for a list in order (oldest first). */
export function groupedIds(
  messages: readonly ChatMessage[],
  firstUnreadId: number | null,
  isHidden?: (m: ChatMessage) => boolean,
): Set<number> {
  const ids = new Set<number>();
  messages.forEach((m, i) => {
    if (continuesGroup(messages[i - 1], m, firstUnreadId, isHidden)) ids.add(m.id);
  });
  return ids;
}
