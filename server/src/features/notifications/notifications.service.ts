import { groupBy } from '../../lib/group-by';
import {
  ERASED_IDS_PER_FRAME,
  NOTIFICATION_LIMITS,
  type MarkReadBody,
  type Notification,
  type NotificationInitFrame,
  type NotificationListQuery,
  type NotificationListResponse,
  type UnreadState,
} from '@studium/protocol';
import type { AppContext, CurrentUser } from '../../context';
import { nowIso } from '../../db/dialect';
import type { Executor, Room } from '../../db/schema';
import { publishToUser } from '../../realtime/publish';
import { listBlockersOf } from '../blocks/blocks.service';
import { canRead } from '../rooms/rooms.policy';
import { listBannedUserIds } from '../rooms/rooms.service';
import { findRoomAccess } from '../rooms/rooms.service';
import { listRoomReaders, presentListed } from './notifications.access';
import { chooseRecipients, conversationKind } from './notifications.policy';
import { messagePreview, presentNotification, presentUnread } from './notifications.presenter';
import * as repo from './notifications.repository';

/** A message just stored, as notifications see it. */
export interface StoredMessage {
  room: Room;
  author: CurrentUser;
  messageId: number;
  content: string;
  /** How many files it carries: a message of files only is previewed by their count. */
  attachmentCount: number;
  mentionedIds: number[];
  replyAuthorId: number | null;
  at: string;
}

/** Created inside a transaction; `publishNotifications` sends them once it has committed. */
export interface PendingNotification {
  userId: number;
  notification: Notification;
}

/** Stores the notifications a new message causes, in the send's transaction. */
export async function notifyMessage(trx: Executor, message: StoredMessage): Promise<PendingNotification[]> {
  const { room, author, mentionedIds, replyAuthorId } = message;
  const everyMember = conversationKind(room) !== undefined;
  const concerned = replyAuthorId === null ? mentionedIds : [...mentionedIds, replyAuthorId];
  const rows = await repo.listMemberLevels(trx, room.id, everyMember ? 'all' : concerned);
  const levels = new Map(rows.map((r) => [r.user_id, r.notification_level]));
  const members = new Set(levels.keys());
  const banned = new Set(
    concerned.length ? await listBannedUserIds(trx, room.id, concerned, message.at) : [],
  );
  const recipients = chooseRecipients({
    room,
    authorId: author.id,
    mentionedIds,
    replyAuthorId,
    members,
    banned,
    levels,
  });
  // Nobody hears of a message from someone they blocked (docs/blocks.md).
  for (const id of await listBlockersOf(trx, author.id, [...recipients.keys()])) recipients.delete(id);
  if (recipients.size === 0) return [];
  // The text as it is now: a later edit does not rewrite what was notified (docs/notifications.md).
  const text = messagePreview(message.content, message.attachmentCount);
  const inserts = [...recipients].map(([userId, kind]) => ({
    user_id: userId,
    kind,
    room_id: room.id,
    message_id: message.messageId,
    actor_id: author.id,
    text,
    created_at: message.at,
    read_at: null,
  }));
  const inserted = await repo.insertNotifications(trx, inserts);
  // Every recipient reads the room: chooseRecipients kept only readers.
  return inserted.map(({ id, user_id: userId }) => ({
    userId,
    notification: presentNotification(
      {
        id,
        kind: recipients.get(userId)!,
        room_id: room.id,
        room_name: room.name,
        message_id: message.messageId,
        actor: author.username,
        text,
        created_at: message.at,
        read_at: null,
      },
      true,
    ),
  }));
}

/** A notification about an event in a room rather than a message: who did it, where, and a short text. */
export interface RoomEvent {
  kind: 'group_added' | 'match' | 'report_handled' | 'warning';
  /** Null for an event that has no room yet (a study party's offer): the client links to the matchmaking page. */
  room: { id: number; name: string } | null;
  actor: CurrentUser;
  text?: string;
  at: string;
}

/**
 * Stores one notification of `event` for each recipient, in the caller's transaction: being
 * added to a group, a tutoring or study party match made, a party's offer. `publishNotifications` sends them after commit.
 */
export async function notifyRoomEvent(
  trx: Executor,
  event: RoomEvent,
  recipientIds: number[],
): Promise<PendingNotification[]> {
  const { kind, room, actor, at } = event;
  const text = event.text ?? '';
  const rows = recipientIds.map((userId) => ({
    user_id: userId,
    kind,
    room_id: room?.id ?? null,
    message_id: null,
    actor_id: actor.id,
    text,
    created_at: at,
    read_at: null,
  }));
  const inserted = await repo.insertNotifications(trx, rows);
  const readers = await listRoomReaders(trx, room?.id ?? null, recipientIds, at);
  return inserted.map(({ id, user_id: userId }) => ({
    userId,
    notification: presentNotification(
      {
        id,
        kind,
        room_id: room?.id ?? null,
        room_name: room?.name ?? null,
        message_id: null,
        actor: actor.username,
        text,
        created_at: at,
        read_at: null,
      },
      readers === 'all' || readers.has(userId),
    ),
  }));
}

/**
 * Erases the previews of the notifications about these messages, in the erasing transaction:
 * part of erasing a message or an account (docs/chat.md, "Deleting a message").
 */
export async function eraseNotifiedTexts(
  trx: Executor,
  messageIds: readonly number[],
): Promise<ErasedNotices> {
  return groupBy(
    await repo.eraseMessageTexts(trx, messageIds),
    (row) => row.user_id,
    (row) => row.message_id,
  );
}

/** Whose notifications lost their text, by user: the messages they were about. */
export type ErasedNotices = Map<number, number[]>;

/**
 * After commit: each user whose notifications were emptied hears which messages they were about,
 * on every server, so a list on screen empties them too (docs/notifications.md).
 */
export async function publishErasedNotices(ctx: AppContext, erased: ErasedNotices) {
  for (const [userId, ids] of erased)
    for (let at = 0; at < ids.length; at += ERASED_IDS_PER_FRAME)
      await publishToUser(ctx, userId, {
        type: 'notification.erased',
        message_ids: ids.slice(at, at + ERASED_IDS_PER_FRAME),
      });
}

/** After commit: each recipient's sockets, on any server, get the notification and their new counts. */
export async function publishNotifications(ctx: AppContext, pending: PendingNotification[]) {
  if (pending.length === 0) return;
  try {
    const states = await listUnreadStates(ctx.db, [...new Set(pending.map((p) => p.userId))]);
    // Published side by side, in order: with Redis, one round trip for them all rather than one each.
    await Promise.all(
      pending.map(({ userId, notification }) => {
        const state = states.get(userId) ?? { unread: {}, unread_count: 0 };
        return publishToUser(ctx, userId, { type: 'notification.created', notification, ...state });
      }),
    );
  } catch (err) {
    // The notifications are stored: clients catch up on their next init or list.
    ctx.log.error({ err }, 'notification publish failed');
  }
}

async function listUnreadStates(db: Executor, userIds: number[]): Promise<Map<number, UnreadState>> {
  // One pass over the rows: a message to a big room has many recipients, each with rows of their own.
  const rowsOf = groupBy(await repo.countUnreadByRoom(db, userIds), (row) => row.user_id);
  return new Map(userIds.map((id) => [id, presentUnread(rowsOf.get(id) ?? [])]));
}

/** A user's unread notifications per room and in total. */
export async function getUnreadState(db: Executor, userId: number): Promise<UnreadState> {
  return presentUnread(await repo.countUnreadByRoom(db, [userId]));
}

/**
 * Unread mentions and the newest one's time per room, for the conversation list: the unread
 * notifications about a message. Being added to a group is news, not a mention (docs/dms.md).
 */
export async function listUnreadByRoom(
  db: Executor,
  userId: number,
): Promise<Map<number, { n: number; last_at: string }>> {
  const rows = await repo.listUnreadAboutMessages(db, userId);
  return new Map(
    rows
      .filter((r) => r.room_id !== null)
      .map((r) => [r.room_id!, { n: Number(r.n), last_at: String(r.last_at) }]),
  );
}

/** A page of the user's notifications, newest first. */
export async function listNotifications(
  ctx: AppContext,
  user: CurrentUser,
  query: NotificationListQuery,
): Promise<NotificationListResponse> {
  // Read side by side: on PostgreSQL each read is a round trip.
  const [rows, { unread_count }] = await Promise.all([
    repo.listNotifications(ctx.db, user.id, query.before, query.limit, nowIso()),
    getUnreadState(ctx.db, user.id),
  ]);
  return {
    notifications: rows.slice(0, query.limit).map((row) => presentListed(user, row)),
    has_more: rows.length > query.limit,
    unread_count,
  };
}

/**
 * Marks one room's notifications read (a room the user cannot read, or none, marks nothing), one
 * notification of the user's by id (someone else's, or none, marks nothing), or all of them; the
 * user's notification sockets everywhere get the new counts.
 */
export async function markRead(ctx: AppContext, user: CurrentUser, body: MarkReadBody): Promise<UnreadState> {
  const at = nowIso();
  let changed: number;
  if ('id' in body) changed = await repo.markOneRead(ctx.db, user.id, body.id, at);
  else {
    const roomId = 'all' in body ? 'all' : await findReadableRoomId(ctx, user, body.room);
    changed = roomId === undefined ? 0 : await repo.markRead(ctx.db, user.id, roomId, at);
  }
  const state = await getUnreadState(ctx.db, user.id);
  if (changed > 0) await publishToUser(ctx, user.id, { type: 'notification.counts', ...state });
  return state;
}

async function findReadableRoomId(
  ctx: AppContext,
  user: CurrentUser,
  ref: string | number,
): Promise<number | undefined> {
  const access = await findRoomAccess(ctx.db, user, ref);
  return access && canRead(user, access.room, access.membership) ? access.room.id : undefined;
}

/** The first frame of the notification socket: counts and the newest notifications. */
export async function buildInitFrame(ctx: AppContext, user: CurrentUser): Promise<NotificationInitFrame> {
  const [rows, state] = await Promise.all([
    repo.listNotifications(ctx.db, user.id, undefined, NOTIFICATION_LIMITS.initCount, nowIso()),
    getUnreadState(ctx.db, user.id),
  ]);
  return {
    type: 'notification.init',
    ...state,
    notifications: rows.slice(0, NOTIFICATION_LIMITS.initCount).map((row) => presentListed(user, row)),
  };
}
