import { sql, type RawBuilder } from 'kysely';
import { UNREAD_LIMITS } from '@studium/protocol';

// SQL pieces of a member's read state that other features' queries embed (the conversation list
// reads its rows' counts in the same query): written once, here, and read-states.repository uses
// them too.

const CAP = UNREAD_LIMITS.countCap;

// Both counts stop at CAP rows (a LIMITed inner query): a long-unread room costs no more than a
// busy one. Unread: messages after the marker by anyone else (messages_room_id_idx); mentions:
// the user's mentions after the marker (message_mentions_user_room_msg_idx), but for those by
// someone the user blocked (docs/blocks.md: the message shows the mention, the blocker hears
// nothing of it), a primary-key look-up each.
/** The reader: one user's id, or the membership's own user (`rm.user_id`) when a query reads many members. */
type Reader = number | RawBuilder<unknown>;

const unreadSql = (userId: Reader) => sql<number | string>`(SELECT COUNT(*) FROM (
  SELECT 1 FROM messages m WHERE m.room_id = rm.room_id AND m.id > COALESCE(rm.last_read_id, 0)
  AND (m.user_id IS NULL OR m.user_id <> ${userId}) LIMIT ${CAP}) unread_rows)`;
const mentionsSql = (userId: Reader) => sql<number | string>`(SELECT COUNT(*) FROM (
  SELECT 1 FROM message_mentions mm WHERE mm.user_id = ${userId} AND mm.room_id = rm.room_id
  AND mm.message_id > COALESCE(rm.last_read_id, 0)
  AND NOT EXISTS (SELECT 1 FROM messages mb JOIN user_blocks b ON b.target_id = mb.user_id
    WHERE mb.id = mm.message_id AND b.user_id = ${userId} AND b.kind = 'block')
  LIMIT ${CAP}) mention_rows)`;

/** A membership's two capped counts as `unread` and `mentions`, for a query that reads it as `rm`. */
export const readCountColumns = (userId: Reader) =>
  [unreadSql(userId).as('unread'), mentionsSql(userId).as('mentions')] as const;

/** The same counts for whichever member each `rm` row is: many members' read states in one query. */
export const membersReadCountColumns = () => readCountColumns(sql.ref('rm.user_id'));
