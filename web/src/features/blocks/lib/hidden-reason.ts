import type { BlocksResponse, HiddenReason } from '@studium/protocol';

/** What the rule reads of a message or a pin: its author, and the server's word when it gave one. */
interface Authored {
  username: string;
  hidden?: HiddenReason | null;
}

const has = (list: BlocksResponse['blocked'], username: string) =>
  list.some((u) => u.username.toLowerCase() === username.toLowerCase());

/**
 * Why the viewer's screen collapses a message (or a pin of it). The viewer's lists decide once
 * loaded: they are the server's, and follow every change made since on any tab or device (the
 * notification socket's `blocks_changed`), where a history or pins answer tells how things stood
 * when it was read. Until then that answer's word holds; a live frame (shared by the room) carries
 * none.
 */
export function hiddenReasonOf(message: Authored, lists: BlocksResponse | undefined): HiddenReason | null {
  if (!lists) return message.hidden ?? null;
  if (has(lists.blocked, message.username)) return 'blocked';
  return has(lists.muted, message.username) ? 'muted' : null;
}
