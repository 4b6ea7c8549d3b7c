import {
  BLOCKS_TEXTS,
  CHAT_TEXTS,
  DMS_LIMITS,
  DMS_TEXTS,
  type AddRoomMembersBody,
  type RoomMembersResponse,
} from '@studium/protocol';
import type { AppContext, CurrentUser } from '../../context';
import { nowIso } from '../../db/dialect';
import type { Room } from '../../db/schema';
import { Forbidden, Invalid } from '../../lib/errors';
import { enforceRate } from '../../lib/rate-limiter';
import { publishRoomChanged } from '../../realtime/publish';
import { listBlockersOf } from '../blocks/blocks.service';
import { notifyRoomEvent, publishNotifications } from '../notifications/notifications.service';
import * as policy from '../rooms/rooms.policy';
import {
  addMembers,
  asActor,
  findRoomAccess,
  getRoomAccess,
  listBannedUserIds,
  listMembers,
  type RoomAccess,
} from '../rooms/rooms.service';
import * as repo from './dms.repository';

// The owner and up to groupMembersMax others, as when the group was made.
const GROUP_SIZE_MAX = DMS_LIMITS.groupMembersMax + 1;

/** The refusals that read differently on a group's route (docs/dms.md) and on a room's. */
export interface AddingTexts {
  notAllowed: (room: Room) => string;
  alreadyMembers: (names: string[]) => string;
}

const r = CHAT_TEXTS.rooms;
const ROOM_TEXTS: AddingTexts = {
  // People join a publicly readable room themselves; a members-only room's owner adds them.
  notAllowed: (room) =>
    room.kind === 'public' && room.is_public_readable === 1 ? r.joinsThemselves : r.onlyOwnerAdds,
  alreadyMembers: r.alreadyMembers,
};

/**
 * `POST /api/rooms/{room}/members/`: the owner of a members-only tree room, or an operator, adds
 * people to it (docs/rooms.md, "Members"), as a group's owner adds people to the group. It lives
 * here, beside the group's route, because adding checks blocks and notifies, which the rooms
 * feature may not import (notifications import rooms).
 */
export async function addRoomMembers(
  ctx: AppContext,
  user: CurrentUser,
  ref: string,
  body: AddRoomMembersBody,
): Promise<RoomMembersResponse> {
  return addPeople(ctx, user, await getRoomAccess(ctx.db, user, ref), body.usernames, ROOM_TEXTS);
}

/**
 * Adds people to a room: the one way someone is added to a room that exists (a group, a
 * members-only tree room; `policy.canAddMembers` says who may). Everyone named must exist, not be
 * in the room yet, not have blocked the adder and not be banned from the room, and a group stays
 * within its size; otherwise nobody is added. The people added see the room appear live and are
 * notified; those already in it see who joined.
 */
export async function addPeople(
  ctx: AppContext,
  user: CurrentUser,
  { room, membership }: RoomAccess,
  usernames: readonly string[],
  texts: AddingTexts,
): Promise<RoomMembersResponse> {
  const actor = asActor(ctx, user);
  if (!policy.canAddMembers(actor, room, membership)) throw new Forbidden(texts.notAllowed(room));
  const found = await repo.findUsersByUsernames(ctx.db, [...usernames]);
  const missing = usernames.filter((u) => !found.some((f) => f.username_lower === u.toLowerCase()));
  if (missing.length > 0) throw invalid(DMS_TEXTS.unknownMembers(missing));
  const blockers = new Set(
    await listBlockersOf(
      ctx.db,
      user.id,
      found.map((f) => f.id),
    ),
  );
  if (blockers.size > 0) throw invalid(BLOCKS_TEXTS.cannotAdd(namesOf(found, blockers)));
  await enforceRate(ctx.limiter, `conversation:user:${user.id}`, ctx.config.rateLimits.conversation);
  const at = nowIso();
  const ids = found.map((f) => f.id);
  const outcome = await ctx.writer.run(async (trx) => {
    // Checked again in the unit that adds: two owners adding at once cannot pass the limit together.
    const access = await findRoomAccess(trx, user, room.id);
    if (!access || !policy.canAddMembers(actor, access.room, access.membership))
      throw new Forbidden(texts.notAllowed(room));
    const current = await repo.listMemberIds(trx, room.id);
    const already = new Set(ids.filter((id) => current.includes(id)));
    if (already.size > 0) throw invalid(texts.alreadyMembers(namesOf(found, already)));
    // A ban holds until it ends: nobody brings the banned user back before (docs/moderation.md).
    const banned = new Set(await listBannedUserIds(trx, room.id, ids, at));
    if (banned.size > 0) throw invalid(r.bannedMembers(namesOf(found, banned)));
    if (room.kind === 'group' && current.length + ids.length > GROUP_SIZE_MAX)
      throw invalid(DMS_TEXTS.groupFull);
    await addMembers(
      trx,
      room.id,
      ids.map((userId) => ({ userId, role: 'member' as const })),
      at,
    );
    const notifications = await notifyRoomEvent(
      trx,
      { kind: 'group_added', room: { id: room.id, name: room.name }, actor: user, at },
      ids,
    );
    const members = await listMembers(trx, room.id);
    return { notifications, before: current, members };
  });
  await publishNotifications(ctx, outcome.notifications);
  // The people added gain the room in their lists; those already in it see who joined.
  await publishRoomChanged(ctx, ids, { room: room.id, change: 'joined', name: room.name });
  await publishRoomChanged(ctx, outcome.before, { room: room.id, change: 'members', name: room.name });
  ctx.log.info({ roomId: room.id, userId: user.id, added: ids.length }, 'room members added');
  return {
    room: room.id,
    members: outcome.members.filter((m) => m.user_id !== user.id).map((m) => m.username),
  };
}

const invalid = (text: string) => new Invalid(text, { usernames: text });

const namesOf = (users: Array<{ id: number; username: string }>, ids: Set<number>) =>
  users.filter((u) => ids.has(u.id)).map((u) => u.username);
