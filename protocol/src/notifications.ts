import { z } from 'zod';
import { blocksChangedFrame } from './blocks';
import { partyOfferFrame } from './matchmaking-party';
import { readStateFrame } from './unread';

/** What a notification is about (docs/notifications.md). */
export const NOTIFICATION_KINDS = [
  'mention',
  'reply',
  'dm',
  'group_message',
  'room_message',
  'group_added',
  'match',
  'report_handled',
  'warning',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Bounds of the notification list and socket. */
export const NOTIFICATION_LIMITS = {
  pageDefault: 30,
  pageMax: 50,
  /** Notifications sent in `notification.init`. */
  initCount: 20,
} as const;

/**
 * One notification, as the list and the socket send it. A notification of a room its reader may no
 * longer read is withheld (docs/notifications.md): `is_withheld` true, and no room, room name,
 * message, actor or text, only its kind and times.
 */
export const notification = z.object({
  id: z.number().int().positive(),
  kind: z.enum(NOTIFICATION_KINDS),
  room: z.number().int().positive().nullable(),
  room_name: z.string(),
  message_id: z.number().int().positive().nullable(),
  actor: z.string().nullable(),
  /** A preview (≤ 140 characters) of the message as it was when notified, or the event's text. */
  text: z.string(),
  is_withheld: z.boolean(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

/** Unread notifications per room id. */
export const unreadCounts = z.record(z.string(), z.number().int().positive());
export type UnreadCounts = z.infer<typeof unreadCounts>;

/** The unread counters every answer and frame of this feature carries. */
export const unreadState = z.object({ unread: unreadCounts, unread_count: z.number().int().min(0) });
export type UnreadState = z.infer<typeof unreadState>;

/** `GET /api/notifications/?before=<id>&limit=<1..50>`. */
export const notificationListQuery = z.object({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(NOTIFICATION_LIMITS.pageMax)
    .default(NOTIFICATION_LIMITS.pageDefault),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

/** `GET /api/notifications/`: newest first. */
export const notificationListResponse = z.object({
  notifications: z.array(notification),
  has_more: z.boolean(),
  unread_count: z.number().int().min(0),
});
export type NotificationListResponse = z.infer<typeof notificationListResponse>;

/**
 * `POST /api/notifications/mark_read/`: one room (its numeric id; the room's path is accepted too,
 * as everywhere a room is named) or everything.
 */
export const markReadBody = z.union([
  z.strictObject({
    room: z.union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().min(1).max(512)]),
  }),
  z.strictObject({ all: z.literal(true) }),
  /** One notification of the caller's, by id: one without a room, or withheld (docs/notifications.md). */
  z.strictObject({ id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
]);
export type MarkReadBody = z.infer<typeof markReadBody>;

/** `POST /api/notifications/mark_read/`: the counters after marking. */
export const markReadResponse = unreadState;
export type MarkReadResponse = z.infer<typeof markReadResponse>;

/** Server → client frames of `/ws/notifications/`. Clients send nothing. */
export const notificationInitFrame = z.object({
  type: z.literal('notification.init'),
  notifications: z.array(notification),
  ...unreadState.shape,
});
export type NotificationInitFrame = z.infer<typeof notificationInitFrame>;

export const notificationCreatedFrame = z.object({
  type: z.literal('notification.created'),
  notification,
  ...unreadState.shape,
});
export type NotificationCreatedFrame = z.infer<typeof notificationCreatedFrame>;

export const notificationCountsFrame = z.object({
  type: z.literal('notification.counts'),
  ...unreadState.shape,
});
export type NotificationCountsFrame = z.infer<typeof notificationCountsFrame>;

/** Notifications may name at most this many erased messages in one frame; more go in several frames. */
export const ERASED_IDS_PER_FRAME = 500;

/**
 * Messages the user was notified about were deleted (or their author's account was): the texts of
 * those notifications were emptied in the same transaction, and an open list empties them too.
 */
export const notificationErasedFrame = z.object({
  type: z.literal('notification.erased'),
  message_ids: z.array(z.number().int().positive()).min(1).max(ERASED_IDS_PER_FRAME),
});
export type NotificationErasedFrame = z.infer<typeof notificationErasedFrame>;

/** How a room changed for one of its members (docs/notifications.md). */
export const ROOM_CHANGES = ['joined', 'left', 'renamed', 'members'] as const;
export type RoomChange = (typeof ROOM_CHANGES)[number];

/**
 * The user joined or left a room (a new conversation with them, a ban), or a conversation of theirs
 * was renamed or gained or lost members (`members`): the lists that show the room (conversations, room tree, notifications) follow. Sent
 * after commit to the user's sockets on every server; `name` is the room's name of now.
 */
export const roomChangedFrame = z.object({
  type: z.literal('room_changed'),
  room: z.number().int().positive(),
  change: z.enum(ROOM_CHANGES),
  name: z.string(),
});
export type RoomChangedFrame = z.infer<typeof roomChangedFrame>;

export const notificationServerFrame = z.discriminatedUnion('type', [
  notificationInitFrame,
  notificationCreatedFrame,
  notificationCountsFrame,
  notificationErasedFrame,
  readStateFrame,
  partyOfferFrame,
  roomChangedFrame,
  blocksChangedFrame,
]);
export type NotificationServerFrame = z.infer<typeof notificationServerFrame>;
