import {
  CHAT_TEXTS,
  type BotAllowedResponse,
  type RenameRoomResponse,
  type RoomDetail,
  type RoomListItem,
  type RoomBanNotice,
  type RoomListQuery,
} from '@studium/protocol';
import { isOperator } from '../../config/config';
import type { AppContext, CurrentUser } from '../../context';
import { nowIso, toDbBool } from '../../db/dialect';
import type { Executor, NewRoom, Room } from '../../db/schema';
import { Forbidden, NotFound } from '../../lib/errors';
import { publishRoomChanged, publishToRoom } from '../../realtime/publish';
import * as policy from './rooms.policy';
import { presentListedRoom, presentRoomDetail, presentRoomFields } from './rooms.presenter';
import * as repo from './rooms.repository';
import * as readStates from '../read-states/read-states.service';

const t = CHAT_TEXTS.rooms;
// The tree has a few dozen children per room at most; the bound only guards against abuse.
const LIST_MAX = 500;
/** Most rooms of the whole tree in one answer. */
const TREE_MAX = 5000;

export interface RoomAccess {
  room: Room;
  membership: policy.Membership;
}

/** `{room}` of a URL: the numeric id, else the room's unique path. */
async function findRoomByRef(db: Executor, ref: string | number): Promise<Room | undefined> {
  if (typeof ref === 'number') return repo.findRoomById(db, ref);
  if (/^\d{1,15}$/.test(ref)) {
    const byId = await repo.findRoomById(db, Number(ref));
    if (byId) return byId;
  }
  return ref.length <= 512 ? repo.findRoomByPath(db, ref) : undefined;
}

/** The room behind `ref` and the user's membership of it; null when there is no such room. */
export async function findRoomAccess(
  db: Executor,
  user: CurrentUser,
  ref: string | number,
): Promise<RoomAccess | null> {
  const isId = typeof ref === 'number' || /^\d{1,15}$/.test(ref);
  let row = isId ? await repo.findRoomWithRole(db, { id: Number(ref) }, user.id) : undefined;
  if (!row && typeof ref === 'string' && ref.length <= 512)
    row = await repo.findRoomWithRole(db, { path: ref }, user.id);
  return row ? toAccess(row) : null;
}

/** `findRoomAccess` of several rooms by id at once: the rooms found, by id. */
export async function findRoomAccesses(
  db: Executor,
  user: CurrentUser,
  ids: readonly number[],
): Promise<Map<number, RoomAccess>> {
  const rows = await repo.findRoomsWithRole(db, ids, user.id);
  return new Map([...rows].map(([id, row]) => [id, toAccess(row)]));
}

function toAccess(row: NonNullable<Awaited<ReturnType<typeof repo.findRoomWithRole>>>): RoomAccess {
  const { member_role: role, ban_id: banId, ...room } = row;
  return { room, membership: policy.membershipOf(role, banId) };
}

/** As findRoomAccess, and NotFound when there is no such room, or none the user may know of. */
export async function getRoomAccess(
  db: Executor,
  user: CurrentUser,
  ref: string | number,
): Promise<RoomAccess> {
  const access = await findRoomAccess(db, user, ref);
  if (!access || policy.isHiddenFrom(user, access.room, access.membership)) throw new NotFound(t.notFound);
  return access;
}

/** As getRoomAccess, and Forbidden unless the user may read the room. */
export async function getReadableRoom(
  db: Executor,
  user: CurrentUser,
  ref: string | number,
): Promise<RoomAccess> {
  const access = await getRoomAccess(db, user, ref);
  if (!policy.canRead(user, access.room, access.membership)) throw new Forbidden(t.noPermission);
  return access;
}

/**
 * Root tree rooms (`parent=root`) or the children of one room (an unknown parent has none); or,
 * with `scope=tree`, every public room of the tree.
 */
export async function listRooms(
  ctx: AppContext,
  user: CurrentUser,
  query: RoomListQuery,
): Promise<RoomListItem[]> {
  if (query.scope === 'tree')
    return (await repo.listTreeRooms(ctx.db, user.id, TREE_MAX)).map(presentListedRoom);
  let parentId: number | null = null;
  if (query.parent !== 'root') {
    const parent = await findRoomByRef(ctx.db, query.parent);
    if (!parent || parent.kind !== 'public') return [];
    parentId = parent.id;
  }
  return (await repo.listChildRooms(ctx.db, user.id, parentId, LIST_MAX)).map(presentListedRoom);
}

/** The room detail as the viewer may see it. */
export async function getRoomDetail(ctx: AppContext, user: CurrentUser, ref: string): Promise<RoomDetail> {
  const { room, membership } = await getRoomAccess(ctx.db, user, ref);
  if (policy.isBanned(membership)) throw new Forbidden(t.noPermission, await banNotice(ctx.db, user, room));
  if (!policy.canViewDetails(user, room, membership)) throw new Forbidden(t.noPermission);
  return describeRoom(ctx.db, asActor(ctx, user), room, membership);
}

/**
 * A banned user's own ban, for the room's 403 (docs/moderation.md): which room, the moderator's
 * reason and the end. Only the banned user is answered about their ban; nobody else sees it here.
 */
async function banNotice(
  db: Executor,
  user: CurrentUser,
  room: Room,
): Promise<{ ban: RoomBanNotice } | undefined> {
  const ban = await repo.findBan(db, room.id, user.id, new Date().toISOString());
  // The ban ended between the two reads: the generic refusal.
  if (!ban) return undefined;
  return { ban: { room: { id: room.id, name: room.name }, reason: ban.reason, ends_at: ban.ends_at } };
}

/** The user as the room rules see them, operators known (ADMIN_USERNAMES). */
export const asActor = (ctx: AppContext, user: CurrentUser): policy.Actor => ({
  id: user.id,
  isOperator: isOperator(ctx.config, user.username),
});

async function describeRoom(
  db: Executor,
  user: policy.Actor,
  room: Room,
  membership: policy.Membership,
): Promise<RoomDetail> {
  // Read side by side: on PostgreSQL each read is a round trip.
  const [members, [readState], owner] = await Promise.all([
    policy.canSeeMembers(user, room, membership) ? repo.listMembers(db, room.id) : undefined,
    policy.isMember(membership) ? readStates.listReadStates(db, user.id, [room.id]) : [],
    repo.findUsername(db, room.owner_id),
  ]);
  return presentRoomDetail(user, room, membership, owner, members, readState);
}

/** Renames a room (can_rename); the name arrives trimmed and bounded by the protocol schema. */
export async function renameRoom(
  ctx: AppContext,
  user: CurrentUser,
  ref: string,
  name: string,
): Promise<RenameRoomResponse> {
  const { room, membership } = await getRoomAccess(ctx.db, user, ref);
  if (!policy.canRename(user, room, membership)) throw new Forbidden(t.noPermission);
  await ctx.writer.run((trx) => repo.updateRoomName(trx, room.id, name));
  ctx.log.info({ roomId: room.id, userId: user.id }, 'room renamed');
  await publishRoomUpdated(ctx, { ...room, name });
  // The members' lists (conversations, room tree, notifications) show the new name too.
  const members = await readStates.listMemberIds(ctx.db, room.id);
  await publishRoomChanged(ctx, members, { room: room.id, change: 'renamed', name });
  return { id: room.id, name };
}

/** Allows or forbids bots in a room (owner only). */
export async function setBotAllowed(
  ctx: AppContext,
  user: CurrentUser,
  ref: string,
  allowed: boolean,
): Promise<BotAllowedResponse> {
  const { room, membership } = await getRoomAccess(ctx.db, user, ref);
  if (!policy.canSetBotAllowed(user, room, membership)) throw new Forbidden(t.noPermission);
  await ctx.writer.run((trx) => repo.updateBotAllowed(trx, room.id, toDbBool(allowed)));
  await publishRoomUpdated(ctx, { ...room, is_bot_allowed: toDbBool(allowed) });
  return { id: room.id, is_bot_allowed: allowed };
}

/** Tells the room's open sockets (on every server) what the room now looks like. After commit only. */
async function publishRoomUpdated(ctx: AppContext, room: Room) {
  const fields = presentRoomFields(room, await repo.findUsername(ctx.db, room.owner_id));
  await publishToRoom(ctx, room.id, { type: 'room_updated', room: fields });
}

/** Joins a publicly readable tree room (idempotent); members-only, group and DM rooms refuse. */
export async function joinRoom(ctx: AppContext, user: CurrentUser, ref: string): Promise<RoomDetail> {
  const { room, membership } = await getRoomAccess(ctx.db, user, ref);
  if (!policy.canJoin(user, room, membership)) throw new Forbidden(t.cannotJoin);
  if (!policy.isMember(membership))
    await addMembers(ctx.db, room.id, [{ userId: user.id, role: 'member' }], nowIso());
  const joined: policy.Membership = policy.isMember(membership) ? membership : { role: 'member' };
  return describeRoom(ctx.db, asActor(ctx, user), room, joined);
}

/** A room member as it is added: the user and their role. */
export interface NewMember {
  userId: number;
  role: 'owner' | 'member';
}

/**
 * Creates a room with its first members, in the caller's unit: the one way a room comes to be
 * (the seed's tree, conversations, matched groups, assistants' rooms). Returns its id.
 */
export async function createRoom(
  trx: Executor,
  room: NewRoom,
  members: readonly NewMember[],
): Promise<number> {
  const id = await repo.insertRoom(trx, room);
  await repo.insertMembers(trx, id, members, room.created_at);
  return id;
}

/**
 * Adds members to a room, in the caller's unit: the one way a membership comes to be. A member
 * starts reading at the room's newest message (docs/unread.md); someone already a member stays
 * as they are.
 */
export async function addMembers(trx: Executor, roomId: number, members: readonly NewMember[], at: string) {
  await repo.insertMembers(trx, roomId, members, at);
}

/**
 * Ends a user's membership of a room, in the caller's unit: the one way a membership ends (a
 * member leaving, a moderator removing someone). Answers whether there was one.
 */
export async function removeMember(trx: Executor, roomId: number, userId: number): Promise<boolean> {
  return repo.deleteMembership(trx, roomId, userId);
}

/**
 * The user leaves the room, in the caller's unit (docs/dms.md): a room an owner leaves is handed
 * on, to another owner if it has one, else to the member who joined first; the last one to
 * leave leaves it without owner. Returns the members who remain, by seniority; null when the
 * user was no member (left meanwhile, nothing changed).
 */
export async function leaveRoom(trx: Executor, room: Room, userId: number): Promise<number[] | null> {
  if (!(await removeMember(trx, room.id, userId))) return null;
  const rest = await repo.listMembersBySeniority(trx, room.id);
  const heir = rest[0];
  if (heir && !rest.some((m) => m.role === 'owner'))
    await repo.updateMemberRole(trx, room.id, heir.user_id, 'owner');
  if (room.owner_id === userId) await repo.updateRoomOwner(trx, room.id, heir?.user_id ?? null);
  return rest.map((m) => m.user_id);
}

/**
 * The user leaves every group they are in, in the caller's unit (an account being deleted): each
 * is handed on as when they leave it themselves, so no group with members is left without an
 * owner (docs/dms.md). Returns each group with the members who remain.
 */
export async function leaveEveryGroup(
  trx: Executor,
  userId: number,
): Promise<Array<{ room: Room; remaining: number[] }>> {
  const left: Array<{ room: Room; remaining: number[] }> = [];
  for (const room of await repo.listGroupsOf(trx, userId)) {
    const remaining = await leaveRoom(trx, room, userId);
    if (remaining) left.push({ room, remaining });
  }
  return left;
}

/**
 * Moves a room to another path, in the caller's unit, freeing its own for a new room (a DM
 * between names registered again); the room and its history stay.
 */
export async function moveRoomPath(trx: Executor, roomId: number, path: string) {
  await repo.updateRoomPath(trx, roomId, path);
}

// What other features use of this one's storage: they import it from here, never from the
// repository (eslint.config.js). Rooms and memberships are written by the actions above only.
export { findRoomById, findRoomByPath, listBannedUserIds, listMembers } from './rooms.repository';
