import { BLOCKS_TEXTS, type BlocksResponse, type HiddenReason } from '@studium/protocol';
import type { AppContext, CurrentUser } from '../../context';
import { nowIso } from '../../db/dialect';
import type { Executor } from '../../db/schema';
import { Invalid, NotFound } from '../../lib/errors';
import { publishPresenceHint, publishToUser } from '../../realtime/publish';
import { canBlock } from './blocks.policy';
import * as repo from './blocks.repository';
import type { BlockKind } from './blocks.repository';

const t = BLOCKS_TEXTS;

/** The caller's own blocked and muted users; nobody else's lists are ever answered. */
export async function listBlocks(ctx: AppContext, user: CurrentUser): Promise<BlocksResponse> {
  const rows = await repo.listBlocksOf(ctx.db, user.id);
  const of = (kind: BlockKind) =>
    rows.filter((r) => r.kind === kind).map((r) => ({ username: r.username, since: r.created_at }));
  return { blocked: of('block'), muted: of('mute') };
}

async function getTarget(ctx: AppContext, user: CurrentUser, username: string) {
  const target = await repo.findUserByUsername(ctx.db, username);
  if (!target) throw new NotFound(t.userNotFound);
  if (target.id === user.id) throw new Invalid(t.cannotBlockSelf);
  if (!canBlock(user, target)) throw new Invalid(t.cannotBlockBot);
  return target;
}

/** Blocks or mutes `username` for the caller (idempotent); the other side is not told. */
export async function addBlock(ctx: AppContext, user: CurrentUser, username: string, kind: BlockKind) {
  const target = await getTarget(ctx, user, username);
  await ctx.writer.run((trx) => repo.insertBlock(trx, user.id, target.id, kind, nowIso()));
  if (kind === 'block') await hintPresence(ctx, [user.id, target.id]);
  ctx.log.info({ userId: user.id, kind }, 'user blocked or muted');
  return announceBlocks(ctx, user);
}

/** Undoes a block or mute (idempotent). */
export async function removeBlock(ctx: AppContext, user: CurrentUser, username: string, kind: BlockKind) {
  const target = await getTarget(ctx, user, username);
  await ctx.writer.run((trx) => repo.deleteBlock(trx, user.id, target.id, kind));
  if (kind === 'block') await hintPresence(ctx, [user.id, target.id]);
  return announceBlocks(ctx, user);
}

/**
 * After a change commits: the caller's lists of now, answered and sent to their own notification
 * sockets (every tab and device), whose screens collapse or show the authors accordingly.
 */
async function announceBlocks(ctx: AppContext, user: CurrentUser): Promise<BlocksResponse> {
  const lists = await listBlocks(ctx, user);
  await publishToUser(ctx, user.id, { type: 'blocks_changed', ...lists });
  return lists;
}

/** A block hides each side's presence from the other: their watchers read both again (docs/presence.md). */
const hintPresence = (ctx: AppContext, userIds: number[]) =>
  Promise.all(userIds.map((id) => publishPresenceHint(ctx, id)));

/** Among `userIds`, those who blocked `authorId`: they get nothing from the author. */
export const listBlockersOf = (db: Executor, authorId: number, userIds: number[]) =>
  repo.listBlockersAmong(db, authorId, userIds);

/** Whether a member of the room blocked `authorId`. */
export const hasBlockerInRoom = (db: Executor, roomId: number, authorId: number) =>
  repo.hasBlockerInRoom(db, roomId, authorId);

/** Whether `userId` blocked `authorId`. */
export const hasBlocked = async (db: Executor, userId: number, authorId: number) =>
  (await repo.listBlockersAmong(db, authorId, [userId])).length > 0;

/** Users on either side of a block with `userId`: they never meet in recommendations. */
export const listBlockRelations = async (db: Executor, userId: number) =>
  new Set(await repo.listBlockRelations(db, userId));

// At most this many ids on each side of one query (findBlockedPairs).
const PAIRS_CHUNK = 500;

/**
 * Whether a block stands between two users, either way, for every pair of `aIds` and `bIds`
 * (a query per 500 ids a side): presence shows neither side online to the other.
 */
export async function findBlockedPairs(db: Executor, aIds: number[], bIds: number[]) {
  const pairs = new Set<string>();
  for (let i = 0; i < aIds.length; i += PAIRS_CHUNK)
    for (let j = 0; j < bIds.length; j += PAIRS_CHUNK)
      for (const r of await repo.listBlocksBetween(
        db,
        aIds.slice(i, i + PAIRS_CHUNK),
        bIds.slice(j, j + PAIRS_CHUNK),
      ))
        pairs.add(`${r.user_id}:${r.target_id}`).add(`${r.target_id}:${r.user_id}`);
  return (a: number, b: number) => pairs.has(`${a}:${b}`);
}

/**
 * Which of `authorIds` the viewer collapses, and why (a block outweighs a mute): only the authors
 * a page shows are looked up, so a page costs the same however many people the viewer blocked.
 * Without `authorIds`, every author the viewer blocked or muted.
 */
export async function listHiddenAuthors(
  db: Executor,
  viewerId: number,
  authorIds?: Iterable<number | null>,
): Promise<Map<number, HiddenReason>> {
  const hidden = new Map<number, HiddenReason>();
  const add = (targetId: number, kind: BlockKind) => {
    if (kind === 'block' || !hidden.has(targetId))
      hidden.set(targetId, kind === 'block' ? 'blocked' : 'muted');
  };
  if (authorIds === undefined) {
    for (const row of await repo.listBlocksOf(db, viewerId)) add(row.id, row.kind);
    return hidden;
  }
  const ids = [...new Set([...authorIds].filter((id): id is number => id !== null))];
  const chunks = [];
  for (let at = 0; at < ids.length; at += AUTHORS_PER_QUERY)
    chunks.push(ids.slice(at, at + AUTHORS_PER_QUERY));
  const rows = await Promise.all(chunks.map((chunk) => repo.listBlocksOfAuthors(db, viewerId, chunk)));
  for (const row of rows.flat()) add(row.target_id, row.kind);
  return hidden;
}

// Well under every engine's bound on parameters (a conversation list may name thousands of authors).
const AUTHORS_PER_QUERY = 500;
