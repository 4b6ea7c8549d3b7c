import { sql } from 'kysely';
import { UNREAD_LIMITS } from '@studium/protocol';
import type { Executor } from '../../db/schema';

const CAP = UNREAD_LIMITS.countCap;

// Both counts stop at CAP rows (a LIMITed inner query): a long-unread room costs no more than a
// busy one. Unread: messages after the marker by anyone else (messages_room_id_idx); mentions:
// the user's mentions after the marker (message_mentions_user_room_msg_idx), but for those by
// someone the user blocked (docs/blocks.md: the message shows the mention, the blocker hears
// nothing of it), a primary-key look-up each.
const unreadSql = (userId: number) => sql<number | string>`(SELECT COUNT(*) FROM (
  SELECT 1 FROM messages m WHERE m.room_id = rm.room_id AND m.id > COALESCE(rm.last_read_id, 0)
  AND (m.user_id IS NULL OR m.user_id <> ${userId}) LIMIT ${CAP}) unread_rows)`;
const mentionsSql = (userId: number) => sql<number | string>`(SELECT COUNT(*) FROM (
  SELECT 1 FROM message_mentions mm WHERE mm.user_id = ${userId} AND mm.room_id = rm.room_id
  AND mm.message_id > COALESCE(rm.last_read_id, 0)
  AND NOT EXISTS (SELECT 1 FROM messages mb JOIN user_blocks b ON b.target_id = mb.user_id
    WHERE mb.id = mm.message_id AND b.user_id = ${userId} AND b.kind = 'block')
  LIMIT ${CAP}) mention_rows)`;

/** The user's memberships among `roomIds` with their marker, level, capped counts and the room's activity. */
export function listReadStates(db: Executor, userId: number, roomIds: number[]) {
  if (roomIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('room_members as rm')
    .innerJoin('rooms as r', 'r.id', 'rm.room_id')
    .select([
      'rm.room_id',
      'rm.last_read_id',
      'rm.notification_level',
      'r.message_count',
      'r.last_message_at',
      unreadSql(userId).as('unread'),
      mentionsSql(userId).as('mentions'),
    ])
    .where('rm.user_id', '=', userId)
    .where('rm.room_id', 'in', roomIds)
    .execute();
}

export type ReadStateRow = Awaited<ReturnType<typeof listReadStates>>[number];

/** The room's members' ids. */
export async function listMemberIds(db: Executor, roomId: number): Promise<number[]> {
  const rows = await db.selectFrom('room_members').select('user_id').where('room_id', '=', roomId).execute();
  return rows.map((r) => r.user_id);
}
