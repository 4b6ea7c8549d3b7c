import { sql } from 'kysely';
import { UNREAD_LIMITS, type NotificationLevel } from '@studium/protocol';
import type { Executor } from '../../db/schema';

const CAP = UNREAD_LIMITS.countCap;

// Both counts stop at CAP rows (a LIMITed inner query): a long-unread room costs no more than a
// busy one. Unread: messages after the marker by anyone else (messages_room_id_idx); mentions:
// the user's mentions after the marker (message_mentions_user_room_msg_idx).
const unreadSql = (userId: number) => sql<number | string>`(SELECT COUNT(*) FROM (
  SELECT 1 FROM messages m WHERE m.room_id = rm.room_id AND m.id > COALESCE(rm.last_read_id, 0)
  AND (m.user_id IS NULL OR m.user_id <> ${userId}) LIMIT ${CAP}) unread_rows)`;
const mentionsSql = (userId: number) => sql<number | string>`(SELECT COUNT(*) FROM (
  SELECT 1 FROM message_mentions mm WHERE mm.user_id = ${userId} AND mm.room_id = rm.room_id
  AND mm.message_id > COALESCE(rm.last_read_id, 0) LIMIT ${CAP}) mention_rows)`;

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

/** The room's newest message id, 0 when it has none. */
export async function findNewestMessageId(db: Executor, roomId: number): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('room_id', '=', roomId)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Moves the member's marker forward to `lastReadId`; a marker already there or later stays. True when it moved. */
export async function advanceMarker(
  db: Executor,
  roomId: number,
  userId: number,
  lastReadId: number,
): Promise<boolean> {
  const result = await db
    .updateTable('room_members')
    .set({ last_read_id: lastReadId })
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_read_id', 'is', null), eb('last_read_id', '<', lastReadId)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function updateLevel(db: Executor, roomId: number, userId: number, level: NotificationLevel) {
  await db
    .updateTable('room_members')
    .set({ notification_level: level })
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .execute();
}

/** The room's members' ids. */
export async function listMemberIds(db: Executor, roomId: number): Promise<number[]> {
  const rows = await db.selectFrom('room_members').select('user_id').where('room_id', '=', roomId).execute();
  return rows.map((r) => r.user_id);
}
