import type { MessageRights, NotificationServerFrame, RoomChangedFrame } from '@studium/protocol';
import type { AppContext } from '../context';
import { presenceTopic, roomTopic, userTopic, type PublishedRoomFrame } from './events';

/**
 * Sends a room frame to every server's sockets of the room. Called after commit only; a failed
 * publish is logged, never turned into a failed request (the change is already stored). `author`
 * names who caused it: their sockets get the `clientId` echoed and, for a new message, their
 * `rights` over it.
 */
export async function publishToRoom(
  ctx: AppContext,
  roomId: number,
  frame: PublishedRoomFrame,
  author?: { authorId: number; clientId: string | null | undefined; rights?: MessageRights },
) {
  const event = {
    kind: 'room' as const,
    room_id: roomId,
    frame,
    ...(author ? { author_id: author.authorId } : {}),
    ...(author?.clientId ? { client_id: author.clientId } : {}),
    ...(author?.rights ? { author_rights: author.rights } : {}),
  };
  await ctx.bus
    .publish(roomTopic(roomId), event)
    .catch((err: unknown) => ctx.log.error({ err, roomId }, 'publish failed'));
  // A new message changes the members' unread counts (coalesced per room). A deleted one stays
  // counted, as a tombstone (the count query counts every row after the marker).
  if (frame.type === 'message')
    ctx.events.emit('roomMessage', { roomId, authorId: author?.authorId ?? null });
}

/**
 * A room frame for every socket of the room on every server but those of `exceptUserIds`. For
 * live signals that some readers must not get (typing across a block, docs/presence.md); stored
 * changes go to the whole room with publishToRoom.
 */
export async function publishToRoomExcept(
  ctx: AppContext,
  roomId: number,
  frame: PublishedRoomFrame,
  exceptUserIds: number[],
) {
  const event = {
    kind: 'room' as const,
    room_id: roomId,
    frame,
    ...(exceptUserIds.length > 0 ? { except_user_ids: exceptUserIds } : {}),
  };
  await ctx.bus
    .publish(roomTopic(roomId), event)
    .catch((err: unknown) => ctx.log.error({ err, roomId }, 'publish failed'));
}

/** Tells every server to close the sockets of an ended session. */
export async function publishSessionEnded(ctx: AppContext, userId: number, sessionId: number) {
  await ctx.bus
    .publish(userTopic(userId), { kind: 'session_ended', user_id: userId, session_id: sessionId })
    .catch((err: unknown) => ctx.log.error({ err }, 'publish failed'));
}

/** Sends a frame to one user's notification sockets on every server. Called after commit only. */
export async function publishToUser(ctx: AppContext, userId: number, frame: NotificationServerFrame) {
  await ctx.bus
    .publish(userTopic(userId), { kind: 'user', user_id: userId, frame })
    .catch((err: unknown) => ctx.log.error({ err, userId }, 'publish failed'));
}

/**
 * Tells users that a room of theirs changed (they joined or left it, it was renamed), so every
 * list that shows it follows (docs/notifications.md). Called after commit only; these changes are
 * rare (one per action), so each is one frame per user, with nothing to coalesce.
 */
export async function publishRoomChanged(
  ctx: AppContext,
  userIds: readonly number[],
  change: Omit<RoomChangedFrame, 'type'>,
) {
  await Promise.all(userIds.map((id) => publishToUser(ctx, id, { type: 'room_changed', ...change })));
}

/** Tells every server to close the user's sockets of a room they may no longer read. Called after commit. */
export async function publishRoomAccessEnded(ctx: AppContext, userId: number, roomId: number) {
  await ctx.bus
    .publish(userTopic(userId), { kind: 'room_access_ended', user_id: userId, room_id: roomId })
    .catch((err: unknown) => ctx.log.error({ err, userId, roomId }, 'publish failed'));
}

/** Tells the servers watching a user that their presence may have changed (docs/presence.md). */
export async function publishPresenceHint(ctx: AppContext, userId: number) {
  await ctx.bus
    .publish(presenceTopic(userId), { kind: 'presence', user_id: userId })
    .catch((err: unknown) => ctx.log.error({ err, userId }, 'publish failed'));
}

/** Tells the servers watching a user that what others see of their profile has changed (docs/presence.md). */
export async function publishProfileHint(ctx: AppContext, userId: number) {
  await ctx.bus
    .publish(presenceTopic(userId), { kind: 'profile', user_id: userId })
    .catch((err: unknown) => ctx.log.error({ err, userId }, 'publish failed'));
}

/** Tells the servers holding the user's notification sockets that their read state of a room may have changed. */
export async function publishReadStateHint(ctx: AppContext, userId: number, roomId: number) {
  await ctx.bus
    .publish(userTopic(userId), { kind: 'read_state', user_id: userId, room_id: roomId })
    .catch((err: unknown) => ctx.log.error({ err, userId, roomId }, 'publish failed'));
}
