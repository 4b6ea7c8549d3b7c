import { DELETED_USERNAME, type Conversation, type ReadState } from '@studium/protocol';
import { previewText } from '../notifications/notifications.presenter';
import type { Room } from '../../db/schema';

interface ConversationRow {
  id: number;
  kind: Room['kind'];
  name: string;
  last_message_at: string | null;
  last_message: string | null;
  other_user: string | null;
}

/** A conversation, one row of `/dms`; the mention fields count the viewer's unread notifications of the room. */
export function presentConversation(
  row: ConversationRow,
  unread: { n: number; last_at: string } | undefined,
  groupMembers: string[] = [],
  readState?: ReadState,
): Conversation {
  const isDirect = row.kind === 'dm';
  const otherUser = row.other_user ?? DELETED_USERNAME;
  return {
    room: row.id,
    kind: isDirect ? 'direct' : 'group',
    // The other side of a DM deleted their account: the conversation stays, as their messages do.
    other_user: isDirect ? otherUser : null,
    group_name: isDirect ? null : row.name,
    members: isDirect ? (row.other_user ? [otherUser] : []) : groupMembers,
    last_message: row.last_message === null ? null : previewText(row.last_message),
    timestamp: row.last_message_at,
    last_mention_at: unread?.last_at ?? null,
    has_unread_mention: (unread?.n ?? 0) > 0,
    mention_unread_count: unread?.n ?? 0,
    ...(readState ? { read_state: readState } : {}),
  };
}

/** Newest timestamp first, conversations without one last (the newest room first among them). */
export function compareConversations(a: Conversation, b: Conversation): number {
  if (a.timestamp !== b.timestamp) {
    if (a.timestamp === null) return 1;
    if (b.timestamp === null) return -1;
    return a.timestamp < b.timestamp ? 1 : -1;
  }
  return b.room - a.room;
}
