import {
  DELETED_USERNAME,
  type Attachment,
  type ChatMessage,
  type MessageRights,
  type ReactionCounts,
} from '@studium/protocol';

/** A message as every reader sees it; each answer adds its reader's rights (chat.policy.ts). */
export type SharedMessage = Omit<ChatMessage, keyof MessageRights>;

interface MessageRow {
  id: number;
  username: string | null;
  content: string;
  created_at: string;
  reply_to: number | null;
  edited_at: string | null;
  edit_count: number;
  /** 0/1, null for a tombstone. */
  is_bot: number | null;
  deleted_at?: string | null;
  reply_count?: number | string | bigint | null;
}

/** A message as the API sends it; a deleted account's tombstone shows 'deleted user' (docs/chat.md). */
export function presentMessage(
  row: MessageRow,
  reactions: ReactionCounts = {},
  mentions: string[] = [],
  attachments: Attachment[] = [],
): SharedMessage {
  return {
    id: row.id,
    username: row.username ?? DELETED_USERNAME,
    message: row.content,
    timestamp: row.created_at,
    reply_to: row.reply_to,
    reactions,
    edited_at: row.edited_at,
    edit_count: row.edit_count,
    is_bot: row.is_bot === 1,
    mentions,
    deleted_at: row.deleted_at ?? null,
    reply_count: Number(row.reply_count ?? 0),
    // Only messages that carry some say so: most carry none.
    ...(attachments.length > 0 ? { attachments } : {}),
  };
}

/** Groups counted reaction rows (already ordered) into one map per message. */
export function groupReactions(
  rows: Array<{ message_id: number; emoji: string; count: number | string | bigint }>,
): Map<number, ReactionCounts> {
  const byMessage = new Map<number, ReactionCounts>();
  for (const row of rows) {
    let counts = byMessage.get(row.message_id);
    if (!counts) byMessage.set(row.message_id, (counts = {}));
    counts[row.emoji] = Number(row.count);
  }
  return byMessage;
}
