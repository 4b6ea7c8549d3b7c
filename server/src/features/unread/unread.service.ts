import {
  CHAT_TEXTS,
  UNREAD_TEXTS,
  type MarkRoomReadResponse,
  type NotificationLevel,
  type NotificationLevelResponse,
} from '@studium/protocol';
import type { AppContext, CurrentUser } from '../../context';
import { Forbidden, NotFound } from '../../lib/errors';
import { publishReadStateHint } from '../../realtime/publish';
import { canRead, isMember } from '../rooms/rooms.policy';
import { findRoomAccess, type RoomAccess } from '../rooms/rooms.service';
import { presentReadState } from '../read-states/read-states.presenter';
import { listReadStates } from '../read-states/read-states.service';
import * as repo from './unread.repository';

/** The room, if the user may read it (404 otherwise) and belongs to it (403 otherwise). */
async function getMembership(ctx: AppContext, user: CurrentUser, ref: string): Promise<RoomAccess> {
  const access = await findRoomAccess(ctx.db, user, ref);
  if (!access || !canRead(user, access.room, access.membership))
    throw new NotFound(CHAT_TEXTS.rooms.notFound);
  if (!isMember(access.membership)) throw new Forbidden(UNREAD_TEXTS.notMember);
  return access;
}

/**
 * Moves the member's read marker forward to the reported message (never back, never past the
 * room's newest message) and answers the marker and the counts it leaves; the user's
 * notification sockets everywhere get them too (docs/unread.md).
 */
export async function markRoomRead(
  ctx: AppContext,
  user: CurrentUser,
  ref: string,
  lastReadId: number,
): Promise<MarkRoomReadResponse> {
  const { room } = await getMembership(ctx, user, ref);
  const target = Math.min(lastReadId, await repo.findNewestMessageId(ctx.db, room.id));
  const moved =
    target > 0 && (await ctx.writer.run((trx) => repo.advanceMarker(trx, room.id, user.id, target)));
  // The user's other tabs and devices, on any server, show the new counts.
  if (moved) await publishReadStateHint(ctx, user.id, room.id);
  const [row] = await listReadStates(ctx.db, user.id, [room.id]);
  return { last_read_id: row?.last_read_id ?? 0, ...presentReadState(row ?? { unread: 0, mentions: 0 }) };
}

/** Sets how much of the room notifies the member: every message, mentions and replies, or nothing. */
export async function setNotificationLevel(
  ctx: AppContext,
  user: CurrentUser,
  ref: string,
  level: NotificationLevel,
): Promise<NotificationLevelResponse> {
  const { room } = await getMembership(ctx, user, ref);
  await ctx.writer.run((trx) => repo.updateLevel(trx, room.id, user.id, level));
  return { room: room.id, notification_level: level };
}
