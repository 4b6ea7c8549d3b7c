import { idIn } from '../../db/dialect';
import type { Executor } from '../../db/schema';

export type BlockKind = 'block' | 'mute';

/** The user with that name (any case), if any. */
export const findUserByUsername = (db: Executor, username: string) =>
  db
    .selectFrom('users')
    .select(['id', 'username', 'is_bot'])
    .where('username_lower', '=', username.toLowerCase())
    .executeTakeFirst();

/** Stores the block or mute unless it exists (a repeat keeps the first time). */
export async function insertBlock(
  db: Executor,
  userId: number,
  targetId: number,
  kind: BlockKind,
  at: string,
) {
  await db
    .insertInto('user_blocks')
    .values({ user_id: userId, target_id: targetId, kind, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'target_id', 'kind']).doNothing())
    .execute();
}

export async function deleteBlock(db: Executor, userId: number, targetId: number, kind: BlockKind) {
  await db
    .deleteFrom('user_blocks')
    .where('user_id', '=', userId)
    .where('target_id', '=', targetId)
    .where('kind', '=', kind)
    .execute();
}

/** The user's own blocks and mutes with the targets' names, oldest first. */
export const listBlocksOf = (db: Executor, userId: number) =>
  db
    .selectFrom('user_blocks as b')
    .innerJoin('users as u', 'u.id', 'b.target_id')
    .select(['b.kind', 'u.id', 'u.username', 'b.created_at'])
    .where('b.user_id', '=', userId)
    .orderBy('b.created_at')
    .orderBy('u.username_lower')
    .execute();

/**
 * The viewer's blocks and mutes of the authors among `authorIds`: one range of the primary key
 * (user, target, kind) per author, so a page costs the same whoever the viewer blocked.
 */
export function listBlocksOfAuthors(db: Executor, viewerId: number, authorIds: number[]) {
  if (authorIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user_blocks')
    .select(['target_id', 'kind'])
    .where('user_id', '=', viewerId)
    .where('target_id', 'in', authorIds)
    .execute();
}

/** Among `userIds`, those who blocked `authorId`. */
export async function listBlockersAmong(
  db: Executor,
  authorId: number,
  userIds: number[],
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('user_blocks')
    .select('user_id')
    .where('target_id', '=', authorId)
    .where('kind', '=', 'block')
    .where(idIn(db, 'user_id', userIds))
    .execute();
  return rows.map((r) => r.user_id);
}

/** Whether another member of the room blocked `authorId` (one indexed lookup per DM send). */
export async function hasBlockerInRoom(db: Executor, roomId: number, authorId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_blocks as b')
    .innerJoin('room_members as m', 'm.user_id', 'b.user_id')
    .select('b.user_id')
    .where('b.target_id', '=', authorId)
    .where('b.kind', '=', 'block')
    .where('m.room_id', '=', roomId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Everyone the user blocked or who blocked the user. */
export async function listBlockRelations(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_blocks')
    .select(['user_id', 'target_id'])
    .where('kind', '=', 'block')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('target_id', '=', userId)]))
    .execute();
  return rows.map((r) => (r.user_id === userId ? r.target_id : r.user_id));
}

/** The blocks between any of `aIds` and any of `bIds`, whichever side set them. */
export async function listBlocksBetween(db: Executor, aIds: number[], bIds: number[]) {
  if (aIds.length === 0 || bIds.length === 0) return [];
  return db
    .selectFrom('user_blocks')
    .select(['user_id', 'target_id'])
    .where('kind', '=', 'block')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', 'in', aIds), eb('target_id', 'in', bIds)]),
        eb.and([eb('user_id', 'in', bIds), eb('target_id', 'in', aIds)]),
      ]),
    )
    .execute();
}
