import { idIn } from '../../db/dialect';
import type { Executor } from '../../db/schema';
import { membersReadCountColumns, readCountColumns } from './read-states.queries';

/** A membership (`rm`) with its marker and level, and its room's activity: what a read state is read from. */
function selectReadStates(db: Executor) {
  return db
    .selectFrom('room_members as rm')
    .innerJoin('rooms as r', 'r.id', 'rm.room_id')
    .select([
      'rm.room_id',
      'rm.last_read_id',
      'rm.notification_level',
      'r.message_count',
      'r.last_message_at',
    ]);
}

/** The user's memberships among `roomIds` with their marker, level, capped counts and the room's activity. */
export function listReadStates(db: Executor, userId: number, roomIds: number[]) {
  if (roomIds.length === 0) return Promise.resolve([]);
  return selectReadStates(db)
    .select(readCountColumns(userId))
    .where('rm.user_id', '=', userId)
    .where('rm.room_id', 'in', roomIds)
    .execute();
}

export type ReadStateRow = Awaited<ReturnType<typeof listReadStates>>[number];

/**
 * The read states of some members of one room, as `listReadStates` reads one member's: one query
 * for the members whose counts a message changed (unread.live.ts).
 */
export function listMembersReadStates(db: Executor, roomId: number, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return selectReadStates(db)
    .select(['rm.user_id', ...membersReadCountColumns()])
    .where('rm.room_id', '=', roomId)
    .where(idIn(db, 'rm.user_id', userIds))
    .execute();
}

/** The room's members' ids. */
export async function listMemberIds(db: Executor, roomId: number): Promise<number[]> {
  const rows = await db.selectFrom('room_members').select('user_id').where('room_id', '=', roomId).execute();
  return rows.map((r) => r.user_id);
}
