import {
  CHAT_TEXTS,
  DMS_TEXTS,
  type AddGroupMembersBody,
  type ConversationRoomResponse,
  type GroupMembersResponse,
} from '@studium/protocol';
import type { AppContext, CurrentUser } from '../../context';
import type { Executor } from '../../db/schema';
import { Forbidden, NotFound } from '../../lib/errors';
import { publishRoomAccessEnded, publishRoomChanged } from '../../realtime/publish';
import * as policy from '../rooms/rooms.policy';
import { findRoomAccess, leaveRoom, type RoomAccess } from '../rooms/rooms.service';
import { addPeople, type AddingTexts } from './members.service';

const t = DMS_TEXTS;
const GROUP_TEXTS: AddingTexts = { notAllowed: () => t.onlyOwnerAdds, alreadyMembers: t.alreadyMembers };

/** The group behind `ref` as the caller sees it: a room they cannot read does not exist for them. */
async function getGroupAccess(db: Executor, user: CurrentUser, ref: string): Promise<RoomAccess> {
  const access = await findRoomAccess(db, user, ref);
  if (!access || !policy.canRead(user, access.room, access.membership)) throw new NotFound(t.notGroup);
  return access;
}

/**
 * `POST /api/dms/groups/{room}/members/`: the group's owner adds people (docs/dms.md), as anyone
 * is added to a room (`addPeople`): a group stays within its size, and nobody is added unless
 * everyone named may be.
 */
export async function addGroupMembers(
  ctx: AppContext,
  user: CurrentUser,
  ref: string,
  body: AddGroupMembersBody,
): Promise<GroupMembersResponse> {
  return addPeople(ctx, user, await getGroupAccess(ctx.db, user, ref), body.usernames, GROUP_TEXTS);
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
