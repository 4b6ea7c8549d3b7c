import { z } from 'zod';

/** Bounds of the read state (docs/unread.md). */
export const UNREAD_LIMITS = {
  /** Counts stop here: the screens show `99+` beyond 99. */
  countCap: 100,
  /** The client waits this long after the last message seen before it reports the marker. */
  reportDebounceMs: 500,
  /**
   * A member's notification sockets get at most one `read_state` frame per room in this interval
   * (per server process holding them); changes in between are coalesced into the next one.
   */
  liveIntervalMs: 1000,
} as const;

/** How much of a room notifies a member. */
export const NOTIFICATION_LEVELS = ['all', 'mentions', 'mute'] as const;
export const notificationLevel = z.enum(NOTIFICATION_LEVELS);
export type NotificationLevel = z.infer<typeof notificationLevel>;

/** Texts of unread markers, notification levels and drafts. */
export const UNREAD_TEXTS = {
  divider: 'New messages',
  levelMenu: 'Notifications',
  levels: { all: 'All messages', mentions: 'Mentions only', mute: 'Mute' } satisfies Record<
    NotificationLevel,
    string
  >,
  levelSaved: 'Notification level saved',
  levelFailed: 'Update failed',
  notMember: 'Only members have a read state in this room.',
} as const;

/** What the viewer has not read in a room they belong to; both counts stop at UNREAD_LIMITS.countCap. */
export const readState = z.object({
  unread: z.number().int().min(0),
  mentions: z.number().int().min(0),
});
export type ReadState = z.infer<typeof readState>;

/** The viewer's marker and level in a room they belong to (room detail). */
export const memberReadState = readState.extend({
  /** The newest message read; 0 when none was. Messages after it, by others, are unread. */
  last_read_id: z.number().int().min(0),
  notification_level: notificationLevel,
});
export type MemberReadState = z.infer<typeof memberReadState>;

const messageId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** `POST /api/rooms/{room}/read/`: the newest message the reader has seen. */
export const markRoomReadBody = z.strictObject({ last_read_id: messageId });
export type MarkRoomReadBody = z.infer<typeof markRoomReadBody>;

/** The marker after the report (it never moves back) and the counts it leaves. */
export const markRoomReadResponse = readState.extend({ last_read_id: z.number().int().min(0) });
export type MarkRoomReadResponse = z.infer<typeof markRoomReadResponse>;

/** `POST /api/rooms/{room}/notification-level/`. */
export const notificationLevelBody = z.strictObject({ level: notificationLevel });
export type NotificationLevelBody = z.infer<typeof notificationLevelBody>;

export const notificationLevelResponse = z.object({
  room: z.number().int().positive(),
  notification_level: notificationLevel,
});
export type NotificationLevelResponse = z.infer<typeof notificationLevelResponse>;

/**
 * `/ws/notifications/` frame: a room's read state of the user changed (someone else wrote, a
 * message went, or the user's marker moved on any tab or device). Coalesced per room: at most one
 * per `UNREAD_LIMITS.liveIntervalMs`, carrying the counts as they are when it is sent.
 */
export const readStateFrame = z.object({
  type: z.literal('read_state'),
  room: z.number().int().positive(),
  read_state: readState.extend({ last_read_id: z.number().int().min(0) }),
  /** The room's activity as it is when the frame leaves: the lists that show the room follow it. */
  message_count: z.number().int().min(0),
  last_message_at: z.string().nullable(),
});
export type ReadStateFrame = z.infer<typeof readStateFrame>;
