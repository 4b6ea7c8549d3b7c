import type { NotificationLevel } from '@studium/protocol';
import type { Executor } from '../../db/schema';

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
