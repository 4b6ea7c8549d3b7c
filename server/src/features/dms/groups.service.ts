import {
  BLOCKS_TEXTS,
  CHAT_TEXTS,
  DMS_LIMITS,
  DMS_TEXTS,
  type AddGroupMembersBody,
  type ConversationRoomResponse,
  type GroupMembersResponse,
} from '@studium/protocol';
import type { AppContext, CurrentUser } from '../../context';
import { nowIso } from '../../db/dialect';
import type { Executor } from '../../db/schema';
import { Forbidden, Invalid, NotFound } from '../../lib/errors';
import { enforceRate } from '../../lib/rate-limiter';
import { publishRoomAccessEnded, publishRoomChanged } from '../../realtime/publish';
import { listBlockersOf } from '../blocks/blocks.service';
import { notifyRoomEvent, publishNotifications } from '../notifications/notifications.service';
import * as policy from '../rooms/rooms.policy';
import { addMembers, findRoomAccess, leaveRoom, listMembers, type RoomAccess } from '../rooms/rooms.service';
import * as repo from './dms.repository';

const t = DMS_TEXTS;
// The owner and up to groupMembersMax others, as when the group was made.
const GROUP_SIZE_MAX = DMS_LIMITS.groupMembersMax + 1;

/** The group behind `ref` as the caller sees it: a room they cannot read does not exist for them. */
async function getGroupAccess(db: Executor, user: CurrentUser, ref: string): Promise<RoomAccess> {
  const access = await findRoomAccess(db, user, ref);
  if (!access || !policy.canRead(user, access.room, access.membership)) throw new NotFound(t.notGroup);
  return access;
}

/**
 * `POST /api/dms/groups/{room}/members/`: the group's owner adds people (docs/dms.md). Everyone
 * named must exist, not be in the group yet and not have blocked the owner, and the group stays
 * within its size; otherwise nobody is added. The people added see the group appear live.
 */
export async function addGroupMembers(
  ctx: AppContext,
  user: CurrentUser,
  ref: string,
  body: AddGroupMembersBody,
): Promise<GroupMembersResponse> {
  const { room, membership } = await getGroupAccess(ctx.db, user, ref);
  if (!policy.canAddMembers(user, room, membership)) throw new Forbidden(t.onlyOwnerAdds);
  const found = await repo.findUsersByUsernames(ctx.db, body.usernames);
  const missing = body.usernames.filter((u) => !found.some((f) => f.username_lower === u.toLowerCase()));
  if (missing.length > 0) throw invalid(t.unknownMembers(missing));
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
    if (!access || !policy.canAddMembers(user, access.room, access.membership))
      throw new Forbidden(t.onlyOwnerAdds);
    const current = await repo.listMemberIds(trx, room.id);
    const already = new Set(ids.filter((id) => current.includes(id)));
    if (already.size > 0) throw invalid(t.alreadyMembers(namesOf(found, already)));
    if (current.length + ids.length > GROUP_SIZE_MAX) throw invalid(t.groupFull);
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
  // The people added gain the group in their lists; those already in it see who joined.
  await publishRoomChanged(ctx, ids, { room: room.id, change: 'joined', name: room.name });
  await publishRoomChanged(ctx, outcome.before, { room: room.id, change: 'members', name: room.name });
  ctx.log.info({ roomId: room.id, userId: user.id, added: ids.length }, 'group members added');
  return {
    room: room.id,
    members: outcome.members.filter((m) => m.user_id !== user.id).map((m) => m.username),
  };
}

/**
 * `POST /api/dms/groups/{room}/leave/`: the caller leaves a group (docs/dms.md). An owner who
 * leaves hands the group on: to another owner if it has one, else to the member who joined first.
 * The last member to leave leaves the group empty; it keeps its history, and nobody reads it.
 */
export async function leaveGroup(
  ctx: AppContext,
  user: CurrentUser,
  ref: string,
): Promise<ConversationRoomResponse> {
  const { room, membership } = await getGroupAccess(ctx.db, user, ref);
  if (!policy.canLeave(user, room, membership)) throw new Forbidden(CHAT_TEXTS.rooms.noPermission);
  const remaining = await ctx.writer.run((trx) => leaveRoom(trx, room, user.id));
  // Left meanwhile (another tab): nothing more changed.
  if (remaining === null) return { room: room.id };
  await publishRoomChanged(ctx, [user.id], { room: room.id, change: 'left', name: room.name });
  await publishRoomAccessEnded(ctx, user.id, room.id);
  await publishRoomChanged(ctx, remaining, { room: room.id, change: 'members', name: room.name });
  ctx.log.info({ roomId: room.id, userId: user.id, remaining: remaining.length }, 'group left');
  return { room: room.id };
}

const invalid = (text: string) => new Invalid(text, { usernames: text });

const namesOf = (users: Array<{ id: number; username: string }>, ids: Set<number>) =>
  users.filter((u) => ids.has(u.id)).map((u) => u.username);
