import { sql, type Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled';
import { getDialect } from '../../db/dialect';
import type { Database, Executor, NewRoom, Room } from '../../db/schema';
import { coalesced } from '../../db/writer';
import { readCountColumns } from '../read-states/read-states.queries';
import { activeBanId, memberRole } from './rooms.queries';

export const findRoomById = (db: Executor, id: number): Promise<Room | undefined> =>
  db.selectFrom('rooms').selectAll().where('id', '=', id).executeTakeFirst();

export const findRoomByPath = (db: Executor, path: string): Promise<Room | undefined> =>
  db.selectFrom('rooms').selectAll().where('path', '=', path).executeTakeFirst();

// The room with the user's membership role, in one query; the send path runs it per message.
// A subquery, not a LEFT JOIN with the user id in its ON clause: SQLite (built with STAT4)
// re-prepares such a join on every run, 19 µs against 1.4 µs.
// The ban that has not ended yet, if any, comes along the same way (docs/moderation.md).
const roomWithRole = (db: Kysely<Database>, userId: number, now: string) =>
  db
    .selectFrom('rooms')
    .selectAll('rooms')
    .select((eb) => [memberRole(eb, userId), activeBanId(eb, userId, now)]);
const roomWithRoleById = compiledOnce((db, userId: number, now: string, id: number) =>
  roomWithRole(db, userId, now).where('rooms.id', '=', id),
);
const roomWithRoleByPath = compiledOnce((db, userId: number, now: string, path: string) =>
  roomWithRole(db, userId, now).where('rooms.path', '=', path),
);

type RoomWithRole = Awaited<ReturnType<typeof roomWithRoleById>>[number];
interface RoomUserAt {
  id: number;
  userId: number;
  now: string;
}

/**
 * The send path's read of the room and its sender, for the sends of a writer batch at once
 * (PostgreSQL): `roomWithRole`'s columns and rules, the membership and the ban read for each
 * (room, user, time) of the keys, one row per key in their order.
 */
export async function roomsWithRoleById(
  db: Executor,
  keys: RoomUserAt[],
): Promise<Array<RoomWithRole | undefined>> {
  const rows = await db
    .selectFrom(
      sql<{
        room_id: number;
        user_id: number;
        now: string;
        i: string;
      }>`unnest(${keys.map((k) => k.id)}::int[], ${keys.map((k) => k.userId)}::int[], ${keys.map((k) => k.now)}::text[]) with ordinality`.as<'k'>(
        sql`k(room_id, user_id, now, i)`,
      ),
    )
    .innerJoin('rooms', 'rooms.id', 'k.room_id')
    .select('k.i')
    .selectAll('rooms')
    .select((eb) => [
      memberRole(eb, eb.ref('k.user_id')),
      activeBanId(eb, eb.ref('k.user_id'), eb.ref('k.now')),
    ])
    .execute();
  const found: Array<RoomWithRole | undefined> = keys.map(() => undefined);
  for (const { i, ...row } of rows) found[Number(i) - 1] = row;
  return found;
}

const roomWithRoleByIdCoalesced = coalesced(
  async (db, key: RoomUserAt): Promise<RoomWithRole | undefined> =>
    (await roomWithRoleById(db, key.userId, key.now, key.id))[0],
  roomsWithRoleById,
);

/**
 * Rooms by id, each with the user's membership role and whether a ban holds now, as
 * `findRoomWithRole` reads one: in one statement on PostgreSQL, one lookup each on SQLite (where
 * a statement costs microseconds, not a round trip). The rooms found, by id.
 */
export async function findRoomsWithRole(
  db: Executor,
  ids: readonly number[],
  userId: number,
): Promise<Map<number, RoomWithRole>> {
  const now = new Date().toISOString();
  const rows =
    getDialect(db) === 'postgres'
      ? await roomsWithRoleById(
          db,
          ids.map((id) => ({ id, userId, now })),
        )
      : await Promise.all(ids.map(async (id) => (await roomWithRoleById(db, userId, now, id))[0]));
  return new Map(rows.flatMap((row) => (row ? [[row.id, row] as const] : [])));
}

/** A room (by id or unique path) with the user's membership role and whether a ban holds now. */
export async function findRoomWithRole(db: Executor, by: { id: number } | { path: string }, userId: number) {
  const now = new Date().toISOString();
  if ('id' in by) return roomWithRoleByIdCoalesced(db, { id: by.id, userId, now });
  const [row] = await roomWithRoleByPath(db, userId, now, by.path);
  return row;
}

/** Those among `userIds` whose ban from the room has not ended at `now`. */
export async function listBannedUserIds(
  db: Executor,
  roomId: number,
  userIds: readonly number[],
  now: string,
) {
  const rows = await db
    .selectFrom('room_bans')
    .select('user_id')
    .where('room_id', '=', roomId)
    .where('user_id', 'in', [...userIds])
    .where((w) => w.or([w('ends_at', 'is', null), w('ends_at', '>', now)]))
    .execute();
  return rows.map((r) => r.user_id);
}

/** The user's ban from the room that has not ended at `now`: its end and the moderator's reason. */
export const findBan = (db: Executor, roomId: number, userId: number, now: string) =>
  db
    .selectFrom('room_bans')
    .select(['ends_at', 'reason'])
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .where((w) => w.or([w('ends_at', 'is', null), w('ends_at', '>', now)]))
    .executeTakeFirst();

const LIST_COLUMNS = [
  'rooms.id',
  'rooms.name',
  'rooms.slug',
  'rooms.path',
  'rooms.depth',
  'rooms.message_count',
  'rooms.last_message_at',
] as const;

/**
 * Rooms as a list shows them to `userId`: with `member` (the room's id, null where they are not a
 * member) and their capped unread and mention counts, read in the same query (zero where they are
 * not a member: no membership row, nothing counted).
 */
const listedFor = (db: Executor, userId: number) =>
  db
    .selectFrom('rooms')
    .leftJoin('room_members as rm', (join) =>
      join.onRef('rm.room_id', '=', 'rooms.id').on('rm.user_id', '=', userId),
    )
    .select([...LIST_COLUMNS, 'rm.room_id as member', ...readCountColumns(userId)]);

/** Tree rooms under `parentId` (top level when null), busiest first; served by rooms_parent_idx. */
export const listChildRooms = (db: Executor, userId: number, parentId: number | null, limit: number) =>
  listedFor(db, userId)
    .where('rooms.parent_id', parentId === null ? 'is' : '=', parentId)
    .where('rooms.kind', '=', 'public')
    .orderBy('rooms.message_count', 'desc')
    .orderBy('rooms.id')
    .limit(limit)
    .execute();

/** Every public room of the tree, shallow first, then most messages. */
export const listTreeRooms = (db: Executor, userId: number, limit: number) =>
  listedFor(db, userId)
    .where('rooms.kind', '=', 'public')
    .orderBy('rooms.depth')
    .orderBy('rooms.message_count', 'desc')
    .orderBy('rooms.id')
    .limit(limit)
    .execute();

export const listMembers = (db: Executor, roomId: number) =>
  db
    .selectFrom('room_members')
    .innerJoin('users', 'users.id', 'room_members.user_id')
    .select(['users.id as user_id', 'users.username', 'room_members.role'])
    .where('room_members.room_id', '=', roomId)
    .orderBy('room_members.role', 'desc')
    .orderBy('users.username_lower')
    .execute();

export async function findUsername(db: Executor, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const row = await db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
  return row?.username ?? null;
}

/** Inserts a room row; only rooms.service's createRoom calls it. */
export async function insertRoom(db: Executor, room: NewRoom): Promise<number> {
  const row = await db.insertInto('rooms').values(room).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Adds members whose read marker starts at the room's newest message (docs/unread.md: none in a
 * new room, so its first messages are unread); a membership that already exists is kept as it
 * is. Only rooms.service's createRoom and addMembers call it.
 */
export async function insertMembers(
  db: Executor,
  roomId: number,
  members: ReadonlyArray<{ userId: number; role: 'owner' | 'member' }>,
  at: string,
) {
  if (members.length === 0) return;
  await db
    .insertInto('room_members')
    .values((eb) =>
      members.map((m) => ({
        room_id: roomId,
        user_id: m.userId,
        role: m.role,
        joined_at: at,
        last_read_id: eb
          .selectFrom('messages')
          .select((s) => s.fn.max('id').as('newest'))
          .where('messages.room_id', '=', roomId),
      })),
    )
    .onConflict((oc) => oc.columns(['room_id', 'user_id']).doNothing())
    .execute();
}

export async function updateRoomName(db: Executor, roomId: number, name: string) {
  await db.updateTable('rooms').set({ name }).where('id', '=', roomId).execute();
}

export async function updateBotAllowed(db: Executor, roomId: number, value: number) {
  await db.updateTable('rooms').set({ is_bot_allowed: value }).where('id', '=', roomId).execute();
}

export async function updateRoomPath(db: Executor, roomId: number, path: string) {
  await db.updateTable('rooms').set({ path }).where('id', '=', roomId).execute();
}

/** Ends a user's membership of a room; answers whether there was one. */
export async function deleteMembership(db: Executor, roomId: number, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('room_members')
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Sets a member's role (a group handed on, docs/dms.md). */
export async function updateMemberRole(
  db: Executor,
  roomId: number,
  userId: number,
  role: 'owner' | 'member',
) {
  await db
    .updateTable('room_members')
    .set({ role })
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .execute();
}

/** The groups (conversation rooms of several people) a user is a member of. */
export const listGroupsOf = (db: Executor, userId: number) =>
  db
    .selectFrom('room_members')
    .innerJoin('rooms', 'rooms.id', 'room_members.room_id')
    .selectAll('rooms')
    .where('room_members.user_id', '=', userId)
    .where('rooms.kind', '=', 'group')
    .execute();

export async function updateRoomOwner(db: Executor, roomId: number, ownerId: number | null) {
  await db.updateTable('rooms').set({ owner_id: ownerId }).where('id', '=', roomId).execute();
}

/** The room's members by seniority: owners first, then who joined first (ties by id). */
export const listMembersBySeniority = (db: Executor, roomId: number) =>
  db
    .selectFrom('room_members')
    .innerJoin('users', 'users.id', 'room_members.user_id')
    .select(['room_members.user_id', 'users.username', 'room_members.role'])
    .where('room_members.room_id', '=', roomId)
    .orderBy('room_members.role', 'desc')
    .orderBy('room_members.joined_at')
    .orderBy('room_members.user_id')
    .execute();
