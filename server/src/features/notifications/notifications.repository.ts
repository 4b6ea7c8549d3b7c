import { groupBy } from '../../lib/group-by';
import { sql, type Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled';
import { getDialect, idIn } from '../../db/dialect';
import { coalesced } from '../../db/writer';
import type { Database, Executor, NewNotification } from '../../db/schema';
import { activeBanId, memberRole } from '../rooms/rooms.queries';

/**
 * Inserts notifications; a (message, user) pair already notified is skipped. On PostgreSQL the
 * rows go as one array per column (`unnest`), so a message to a big room is one statement of
 * eight parameters, prepared once, rather than eight placeholders per recipient.
 */
export async function insertNotifications(
  db: Executor,
  rows: NewNotification[],
): Promise<Array<{ id: number; user_id: number }>> {
  if (rows.length === 0) return [];
  if (getDialect(db) === 'sqlite')
    return db
      .insertInto('notifications')
      .values(rows)
      .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
      .returning(['id', 'user_id'])
      .execute();
  const column = <K extends keyof NewNotification>(key: K) => rows.map((r) => r[key] ?? null);
  const { rows: inserted } = await sql<{ id: number; user_id: number }>`
    insert into notifications (user_id, kind, room_id, message_id, actor_id, text, created_at, read_at)
    select * from unnest(${column('user_id')}::int[], ${column('kind')}::text[], ${column('room_id')}::int[],
      ${column('message_id')}::int[], ${column('actor_id')}::int[], ${rows.map((r) => r.text ?? '')}::text[],
      ${column('created_at')}::text[], ${column('read_at')}::text[])
    on conflict (message_id, user_id) do nothing
    returning id, user_id`.execute(db);
  return inserted;
}

// The two reads of every message (a conversation's members; a room's members who chose every
// message) are built once (db/compiled.ts); only a message that names people builds its own.
const allMemberLevels = compiledOnce((db: Kysely<Database>, roomId: number) =>
  db.selectFrom('room_members').select(['user_id', 'notification_level']).where('room_id', '=', roomId),
);
const everyMessageLevelsOf = compiledOnce((db: Kysely<Database>, roomId: number) =>
  db
    .selectFrom('room_members')
    .select(['user_id', 'notification_level'])
    .where('room_id', '=', roomId)
    .where('notification_level', '=', 'all'),
);
type MemberLevel = Awaited<ReturnType<typeof everyMessageLevelsOf>>[number];
/** The same read for the rooms of a writer batch's sends at once (PostgreSQL), one list per room given. */
async function everyMessageLevelsOfRooms(db: Executor, roomIds: number[]): Promise<MemberLevel[][]> {
  const rows = await db
    .selectFrom('room_members')
    .select(['room_id', 'user_id', 'notification_level'])
    // One statement text whatever the number of rooms (idIn binds them as one array).
    .where(idIn(db, 'room_id', [...new Set(roomIds)]))
    .where('notification_level', '=', 'all')
    .execute();
  const byRoom = groupBy(
    rows,
    (row) => row.room_id,
    ({ room_id: _, ...level }): MemberLevel => level,
  );
  return roomIds.map((id) => byRoom.get(id) ?? []);
}
const everyMessageLevels = coalesced(everyMessageLevelsOf, everyMessageLevelsOfRooms);

/**
 * The room's members with their chosen notification level: all of them, or those among `userIds`
 * and those who chose every message (room_members_level_idx).
 */
export async function listMemberLevels(db: Executor, roomId: number, userIds: number[] | 'all') {
  if (userIds === 'all') return allMemberLevels(db, roomId);
  if (userIds.length === 0) return everyMessageLevels(db, roomId);
  return db
    .selectFrom('room_members')
    .select(['user_id', 'notification_level'])
    .where('room_id', '=', roomId)
    .where((eb) => eb.or([eb('user_id', 'in', userIds), eb('notification_level', '=', 'all')]))
    .execute();
}

/**
 * Unread notifications per user and room: counted in notifications_unread_room_idx, which holds
 * the unread rows only, without reading the table.
 */
export function countUnreadByRoom(db: Executor, userIds: number[]) {
  return db
    .selectFrom('notifications')
    .select((eb) => ['user_id', 'room_id', eb.fn.countAll<number>().as('n')])
    .where(idIn(db, 'user_id', userIds))
    .where('read_at', 'is', null)
    .groupBy(['user_id', 'room_id'])
    .execute();
}

/**
 * A user's unread notifications about a message (a mention, a reply, a conversation's message)
 * per room, with the newest one's time: from the same index, which holds both columns.
 */
export function listUnreadAboutMessages(db: Executor, userId: number) {
  return db
    .selectFrom('notifications')
    .select((eb) => ['room_id', eb.fn.countAll<number>().as('n'), eb.fn.max('created_at').as('last_at')])
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .where('message_id', 'is not', null)
    .groupBy('room_id')
    .execute();
}

/**
 * A page of a user's notifications, newest first, one more than asked to tell whether more exist;
 * each with its room's rules, the user's membership role there and a ban that has not ended at
 * `now`, so the service can apply the room's read rule as it is now (docs/notifications.md).
 */
export function listNotifications(
  db: Executor,
  userId: number,
  before: number | undefined,
  limit: number,
  now: string,
) {
  let query = db
    .selectFrom('notifications as n')
    .leftJoin('rooms', 'rooms.id', 'n.room_id')
    .leftJoin('users as actor', 'actor.id', 'n.actor_id')
    .select([
      'n.id',
      'n.kind',
      'n.room_id',
      'rooms.name as room_name',
      'rooms.kind as room_kind',
      'rooms.is_public_readable',
      'rooms.is_write_gated',
      'rooms.owner_id',
      'n.message_id',
      'actor.username as actor',
      'n.text',
      'n.created_at',
      'n.read_at',
    ])
    .select((eb) => [memberRole(eb, userId), activeBanId(eb, userId, now)])
    .where('n.user_id', '=', userId);
  if (before !== undefined) query = query.where('n.id', '<', before);
  return query
    .orderBy('n.id', 'desc')
    .limit(limit + 1)
    .execute();
}

/** The membership roles of `userIds` in a room, for the room's read rule. */
export const listMemberRoles = (db: Executor, roomId: number, userIds: number[]) =>
  userIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('room_members')
        .select(['user_id', 'role'])
        .where('room_id', '=', roomId)
        .where('user_id', 'in', userIds)
        .execute();

/**
 * Empties the message previews of the notifications about these messages: erasing a message
 * erases every copy of its text (docs/chat.md, "Deleting a message").
 */
export async function eraseMessageTexts(db: Executor, messageIds: readonly number[]) {
  const erased: Array<{ user_id: number; message_id: number }> = [];
  for (let at = 0; at < messageIds.length; at += ERASE_BATCH) {
    const rows = await db
      .updateTable('notifications')
      .set({ text: '' })
      .where('message_id', 'in', messageIds.slice(at, at + ERASE_BATCH))
      .where('text', '!=', '')
      .returning(['user_id', 'message_id'])
      .execute();
    for (const row of rows)
      if (row.message_id !== null) erased.push({ user_id: row.user_id, message_id: row.message_id });
  }
  return erased;
}

// An account's messages may be many: ids go in batches well under every engine's bound on parameters.
const ERASE_BATCH = 500;

/** Marks a user's unread notifications read, of one room or all; returns how many changed. */
export async function markRead(
  db: Executor,
  userId: number,
  roomId: number | 'all',
  at: string,
): Promise<number> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (roomId !== 'all') query = query.where('room_id', '=', roomId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Marks one unread notification of the user's read; another user's id marks nothing. */
export async function markOneRead(db: Executor, userId: number, id: number, at: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
