import { CHAT_TEXTS, DELETED_USERNAME, type Conversation, type ReadState } from '@studium/protocol';
import { messagePreview } from '../notifications/notifications.presenter';
import type { Room } from '../../db/schema';

interface ConversationRow {
  id: number;
  kind: Room['kind'];
  name: string;
  last_message_at: string | null;
  last_message: string | null;
  last_deleted_at?: string | null;
  last_attachment_count?: number | string | null;
  other_user: string | null;
}

/**
 * The preview of the newest message (docs/dms.md): its text, 'Message deleted' for a tombstone,
 * the count of its files when it carries only files; null for a conversation without messages.
 */
function lastMessagePreview(row: ConversationRow): string | null {
  if (row.last_message === null) return null;
  if (row.last_deleted_at) return CHAT_TEXTS.chat.messageDeleted;
  return messagePreview(row.last_message, Number(row.last_attachment_count ?? 0));
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
    last_message: lastMessagePreview(row),
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
