import { z } from 'zod';

/** What a notification is about (DESIGN §5). */
export type NotificationKind = 'mention' | 'reply' | 'dm' | 'group_message' | 'group_added' | 'match';

/** Bounds of the notification list and socket. */
export const NOTIFICATION_LIMITS = {
  pageDefault: 30,
  pageMax: 50,
  /** Notifications sent in `notification.init`. */
  initCount: 20,
} as const;

/** One notification, as the list and the socket send it. */
export interface Notification {
  id: number;
  kind: NotificationKind;
  room: number | null;
  room_name: string;
  message_id: number | null;
  actor: string | null;
  /** A preview (≤ 140 characters) of the message, or the event's text. */
  text: string;
  created_at: string;
  read_at: string | null;
}

/** Unread notifications per room id. */
export type UnreadCounts = Record<string, number>;

/** `GET /api/notifications/?before=<id>&limit=<1..50>`. */
export const notificationListQuery = z.object({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_LIMITS.pageMax).default(NOTIFICATION_LIMITS.pageDefault),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

export interface NotificationListResponse {
  notifications: Notification[];
  has_more: boolean;
  unread_count: number;
}

/**
 * `POST /api/notifications/mark_read/`: one room (its numeric id; the room's path is accepted too,
 * as everywhere a room is named) or everything.
 */
export const markReadBody = z.union([
  z.strictObject({ room: z.union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().min(1).max(512)]) }),
  z.strictObject({ all: z.literal(true) }),
]);
export type MarkReadBody = z.infer<typeof markReadBody>;

export interface UnreadState {
  unread: UnreadCounts;
  unread_count: number;
}

export type MarkReadResponse = UnreadState;

/** Server → client frames of `/ws/notifications/` (spec §3). Clients send nothing. */
export type NotificationInitFrame = { type: 'notification.init'; notifications: Notification[] } & UnreadState;
export type NotificationCreatedFrame = { type: 'notification.created'; notification: Notification } & UnreadState;
export type NotificationCountsFrame = { type: 'notification.counts' } & UnreadState;
export type NotificationServerFrame = NotificationInitFrame | NotificationCreatedFrame | NotificationCountsFrame;
