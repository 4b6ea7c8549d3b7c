import type { BlocksResponse, ChatMessage, HiddenReason } from '@studium/protocol';

const has = (list: BlocksResponse['blocked'], username: string) =>
  list.some((u) => u.username.toLowerCase() === username.toLowerCase());

/**
 * Why the viewer's screen collapses a message: a history answer says so per message; a live
 * frame (shared by the room) carries nothing, so the viewer's lists from the server decide.
 */
export function hiddenReasonOf(message: ChatMessage, lists: BlocksResponse | undefined): HiddenReason | null {
  if (message.hidden !== undefined) return message.hidden;
  if (!lists) return null;
  if (has(lists.blocked, message.username)) return 'blocked';
  return has(lists.muted, message.username) ? 'muted' : null;
}
