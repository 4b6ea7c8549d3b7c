import type { BlocksResponse, HiddenReason } from '@studium/protocol';

/** What the rule reads of a message or a pin: its author, and the server's word when it gave one. */
interface Authored {
  username: string;
  hidden?: HiddenReason | null;
}

const has = (list: BlocksResponse['blocked'], username: string) =>
  list.some((u) => u.username.toLowerCase() === username.toLowerCase());

/**
 * Why the viewer's screen collapses a message (or a pin of it): a history or pins answer says so
 * per message; a live frame (shared by the room) carries nothing, so the viewer's lists from the
 * server decide.
 */
export function hiddenReasonOf(message: Authored, lists: BlocksResponse | undefined): HiddenReason | null {
  if (message.hidden !== undefined) return message.hidden;
  if (!lists) return null;
  if (has(lists.blocked, message.username)) return 'blocked';
  return has(lists.muted, message.username) ? 'muted' : null;
}
