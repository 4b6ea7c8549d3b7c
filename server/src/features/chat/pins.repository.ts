import { forUpdate } from '../../db/dialect';
import type { Executor } from '../../db/schema';

/** The columns a pin is presented from: the pin, its message and both people. */
const pinColumns = (db: Executor) =>
  db
    .selectFrom('message_pins as p')
    .innerJoin('messages as m', 'm.id', 'p.message_id')
    .leftJoin('users as author', 'author.id', 'm.user_id')
    .leftJoin('users as pinner', 'pinner.id', 'p.pinned_by')
    .select((eb) => [
      'p.message_id',
      'p.room_id',
      'p.pinned_at',
      'pinner.username as pinned_by',
      'author.username',
      'author.is_bot',
      'm.user_id as author_id',
      'm.content',
      'm.created_at',
      eb
        .selectFrom('attachments as a')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('a.message_id', '=', 'm.id')
        .as('attachment_count'),
    ]);

export type PinRow = Awaited<ReturnType<typeof findPin>> & object;

/** One pin with what the list shows of its message; undefined when the message is not pinned. */
export const findPin = (db: Executor, messageId: number) =>
  pinColumns(db).where('p.message_id', '=', messageId).executeTakeFirst();

/** A room's pins, newest first (ties by message, newest first). */
export const listPins = (db: Executor, roomId: number, limit: number) =>
  pinColumns(db)
    .where('p.room_id', '=', roomId)
    .orderBy('p.pinned_at', 'desc')
    .orderBy('p.message_id', 'desc')
    .limit(limit)
    .execute();

/** Holds the room's row until the transaction ends (PostgreSQL), so pins of one room go one at a time. */
export async function lockRoomPins(db: Executor, roomId: number) {
  await forUpdate(db, db.selectFrom('rooms').select('id').where('id', '=', roomId)).execute();
}

/** How many messages the room has pinned. */
export async function countPins(db: Executor, roomId: number): Promise<number> {
  const row = await db
    .selectFrom('message_pins')
    .select((c) => c.fn.countAll<number>().as('n'))
    .where('room_id', '=', roomId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Pins a message; false when it was pinned already (the primary key keeps one row). */
export async function insertPin(
  db: Executor,
  row: { message_id: number; room_id: number; pinned_by: number; pinned_at: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('message_pins')
    .values(row)
    .onConflict((oc) => oc.column('message_id').doNothing())
    .returning('message_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Unpins a message; false when it was not pinned. */
export async function deletePin(db: Executor, messageId: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('message_pins')
    .where('message_id', '=', messageId)
    .returning('message_id')
    .executeTakeFirst();
  return deleted !== undefined;
}

/** Unpins these messages (they are being erased); the rooms and ids that were pinned. */
export async function deletePinsOf(db: Executor, messageIds: readonly number[]) {
  if (messageIds.length === 0) return [];
  return db
    .deleteFrom('message_pins')
    .where('message_id', 'in', messageIds)
    .returning(['message_id', 'room_id'])
    .execute();
}
