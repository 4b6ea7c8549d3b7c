import type { AppContext } from '../src/context';
import { nowIso } from '../src/db/dialect';
import type { NewRoom } from '../src/db/schema';
import { addMembers, createRoom as addRoom } from '../src/features/rooms/rooms.service';
import { newUser } from './http-client';

let counter = 0;

/** A room straight in the database (the tree is seed data; DM and group rooms come from other features). */
export async function createRoom(
  ctx: AppContext,
  fields: Partial<NewRoom> = {},
): Promise<{ id: number; path: string }> {
  const slug = fields.slug ?? `room_${process.pid}_${++counter}_${Math.random().toString(36).slice(2, 6)}`;
  const room = {
    name: `Room ${slug}`,
    slug,
    path: slug,
    parent_id: null,
    depth: 0,
    kind: 'public' as const,
    topic: 'A topic',
    description: 'A description',
    is_bot_allowed: 0,
    is_public_readable: 1,
    is_write_gated: 1,
    owner_id: null,
    last_message_at: null,
    created_at: nowIso(),
    ...fields,
  };
  // Through the rooms' one writer, as the features make rooms.
  return { id: await addRoom(ctx.db, room, []), path: room.path };
}

export async function userId(ctx: AppContext, username: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('username_lower', '=', username.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A fresh user as newUser makes one, with their id, for tests that look into the database. */
export async function newUserWithId(server: { baseUrl: string; ctx: AppContext }, prefix = 'user') {
  const user = await newUser(server, prefix);
  return { ...user, id: await userId(server.ctx, user.name) };
}

export async function addMember(
  ctx: AppContext,
  roomId: number,
  username: string,
  role: 'owner' | 'member' = 'member',
) {
  await addMembers(ctx.db, roomId, [{ userId: await userId(ctx, username), role }], nowIso());
}

export async function isMember(ctx: AppContext, roomId: number, username: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('room_members')
    .select('role')
    .where('room_id', '=', roomId)
    .where('user_id', '=', await userId(ctx, username))
    .executeTakeFirst();
  return row !== undefined;
}

/** A members-only room owned by `owner`, with `members` besides. */
export async function createPrivateRoom(
  ctx: AppContext,
  owner: string,
  members: string[] = [],
  fields: Partial<NewRoom> = {},
) {
  const room = await createRoom(ctx, {
    is_public_readable: 0,
    owner_id: await userId(ctx, owner),
    ...fields,
  });
  await addMember(ctx, room.id, owner, 'owner');
  for (const m of members) await addMember(ctx, room.id, m);
  return room;
}
