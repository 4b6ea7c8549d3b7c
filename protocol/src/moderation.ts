import { z } from 'zod';

/** Why something is reported (docs/moderation.md). */
export const REPORT_REASONS = ['spam', 'harassment', 'hate', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What a moderator may do with a report. */
export const MODERATION_ACTIONS = ['dismiss', 'delete_message', 'remove_user', 'ban', 'warn'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** What the log records: the actions on reports, and a ban lifted early. */
export const MODERATION_LOG_ACTIONS = [...MODERATION_ACTIONS, 'lift_ban'] as const;
export type ModerationLogAction = (typeof MODERATION_LOG_ACTIONS)[number];

/** How long a ban lasts; `permanent` never ends. */
export const BAN_DURATIONS = ['1h', '1d', '7d', 'permanent'] as const;
export type BanDuration = (typeof BAN_DURATIONS)[number];

/** Milliseconds of each ban that ends (a permanent one has none). */
export const BAN_DURATION_MS: Record<Exclude<BanDuration, 'permanent'>, number> = {
  '1h': 3600_000,
  '1d': 86400_000,
  '7d': 7 * 86400_000,
};

export const MODERATION_LIMITS = {
  detailsMax: 500,
  banReasonMax: 300,
  contextBefore: 3,
  contextAfter: 3,
  logMax: 100,
} as const;

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** `POST /api/reports/`: a message or a user, a reason and optional words. */
export const createReportBody = z.union([
  z.strictObject({
    message_id: id,
    reason: z.enum(REPORT_REASONS),
    details: z.string().trim().max(MODERATION_LIMITS.detailsMax).optional(),
  }),
  z.strictObject({
    username: z.string().min(1).max(150),
    reason: z.enum(REPORT_REASONS),
    details: z.string().trim().max(MODERATION_LIMITS.detailsMax).optional(),
  }),
]);
export type CreateReportBody = z.infer<typeof createReportBody>;

/** `POST /api/reports/` (201): the report as the reporter may see it. */
export const reportCreatedResponse = z.object({ id, status: z.literal('open') });
export type ReportCreatedResponse = z.infer<typeof reportCreatedResponse>;

/** A message as the queue shows it: around the reported one, deleted ones as empty tombstones. */
export const moderationMessage = z.object({
  id,
  username: z.string(),
  message: z.string(),
  timestamp: z.string(),
  deleted_at: z.string().nullable(),
  /** The reported message itself. */
  is_reported: z.boolean(),
});
export type ModerationMessage = z.infer<typeof moderationMessage>;

/** One open report in the queue, with what a moderator needs to decide. */
export const moderationReport = z.object({
  id,
  kind: z.enum(['message', 'user']),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  created_at: z.string(),
  reporter: z.string(),
  target_username: z.string(),
  /** The message's room; null for a report about a user. */
  room: z.object({ id, name: z.string(), path: z.string() }).nullable(),
  message_id: id.nullable(),
  /** A few messages before and after the reported one, oldest first. */
  context: z.array(moderationMessage),
  /** The actions this moderator may take on this report. */
  can_delete_message: z.boolean(),
  can_remove_user: z.boolean(),
  can_ban: z.boolean(),
  /** Warn the reported user: they are notified, with the report's reason; reports about users too. */
  can_warn: z.boolean(),
});
export type ModerationReport = z.infer<typeof moderationReport>;

/** `GET /api/moderation/reports/`: the open reports this user may moderate, oldest first. */
export const moderationQueueResponse = z.object({ reports: z.array(moderationReport) });
export type ModerationQueueResponse = z.infer<typeof moderationQueueResponse>;

/** `POST /api/moderation/reports/{id}/action/`. */
export const moderationActionBody = z.union([
  z.strictObject({ action: z.enum(['dismiss', 'delete_message', 'remove_user', 'warn']) }),
  z.strictObject({
    action: z.literal('ban'),
    duration: z.enum(BAN_DURATIONS),
    /** Why, in the moderator's words: the banned user reads it when they open the room. */
    reason: z.string().trim().max(MODERATION_LIMITS.banReasonMax).optional(),
  }),
]);
export type ModerationActionBody = z.infer<typeof moderationActionBody>;

/** One line of the moderation log: who did what to whom, where and when. */
export const moderationLogEntry = z.object({
  id,
  actor: z.string(),
  action: z.enum(MODERATION_LOG_ACTIONS),
  target_username: z.string().nullable(),
  room: z.object({ id, name: z.string() }).nullable(),
  report_id: id.nullable(),
  message_id: id.nullable(),
  /** The ban's end; null for a permanent ban and for other actions. */
  ban_ends_at: z.string().nullable(),
  created_at: z.string(),
});
export type ModerationLogEntry = z.infer<typeof moderationLogEntry>;

/** `POST /api/moderation/reports/{id}/action/`: the log entry written. */
export const moderationActionResponse = z.object({ entry: moderationLogEntry });
export type ModerationActionResponse = z.infer<typeof moderationActionResponse>;

/** `GET /api/moderation/log/`: newest first, only rooms this user may moderate. */
export const moderationLogResponse = z.object({ entries: z.array(moderationLogEntry) });
export type ModerationLogResponse = z.infer<typeof moderationLogResponse>;

/** A ban that has not ended, in a room this user moderates. */
export const roomBan = z.object({
  id,
  room: z.object({ id, name: z.string() }),
  username: z.string(),
  /** Null: permanent. */
  ends_at: z.string().nullable(),
  created_at: z.string(),
});
export type RoomBan = z.infer<typeof roomBan>;

/** `GET /api/moderation/bans/`: the bans in force in the rooms this user moderates, newest first. */
export const roomBansResponse = z.object({ bans: z.array(roomBan) });
export type RoomBansResponse = z.infer<typeof roomBansResponse>;

/**
 * A user's own ban from a room, as the room's 403 answer carries it to them alone
 * (`GET /api/rooms/{room}/`): the room, the moderator's reason ('' when none was given), the end.
 */
export const roomBanNotice = z.object({
  room: z.object({ id, name: z.string() }),
  reason: z.string(),
  /** Null: permanent. */
  ends_at: z.string().nullable(),
});
export type RoomBanNotice = z.infer<typeof roomBanNotice>;

/** The 403 of a room to a user banned from it: the usual error, and their ban. */
export const roomBannedResponse = z.object({ error: z.string(), ban: roomBanNotice });
export type RoomBannedResponse = z.infer<typeof roomBannedResponse>;

/** `GET /api/moderation/access/`: whether the Moderation screen is for this user. */
export const moderationAccessResponse = z.object({ can_moderate: z.boolean() });
export type ModerationAccessResponse = z.infer<typeof moderationAccessResponse>;

export const MODERATION_TEXTS = {
  report: 'Report',
  reportUser: 'Report user',
  reportMessageTitle: 'Report message',
  reportUserTitle: 'Report user',
  reasonLabel: 'Reason',
  detailsLabel: 'Details (optional)',
  /** The message being reported, as the report dialog shows it. */
  reportedMessage: 'The message you are reporting',
  reportedAuthor: (who: string) => `@${who} wrote:`,
  attachmentsOnly: (names: string) => `Attachments: ${names}`,
  charactersUsed: (used: number, max: number) => `${used} of ${max} characters used`,
  send: 'Send report',
  cancel: 'Cancel',
  sent: 'Report sent. The moderators will look at it.',
  sendFailed: 'Could not send the report',
  reasons: {
    spam: 'Spam',
    harassment: 'Harassment or bullying',
    hate: 'Hate speech',
    inappropriate: 'Inappropriate content',
    other: 'Something else',
  } satisfies Record<ReportReason, string>,
  alreadyReported: 'You have already reported this.',
  cannotReportSelf: 'You cannot report yourself.',
  userNotFound: 'User not found',
  reportNotFound: 'Report not found',
  notAllowed: 'You cannot take this action on this report.',
  cannotBanOwner: 'The owner of the room cannot be removed or banned.',
  title: 'Moderation',
  queue: 'Reports',
  log: 'Moderation log',
  emptyQueue: 'No open reports.',
  emptyLog: 'Nothing has been done yet.',
  loadFailed: 'Failed to load the moderation queue',
  reportedBy: (who: string) => `Reported by ${who}`,
  aboutUser: (who: string) => `Report about @${who}`,
  dismiss: 'Dismiss',
  deleteMessage: 'Delete message',
  deleteMessageConfirm: 'The message is removed for everyone in the room.',
  banConfirm: (duration: string) => `${duration}: they can no longer read or write in this room.`,
  warn: 'Warn user',
  warnConfirmTitle: (who: string) => `Warn @${who}?`,
  warnConfirm: 'They get a notification that a moderator reviewed a report about them, with its reason.',
  warnedTitle: 'A moderator warned you',
  warnedNotification: (reason: string) =>
    `A report about you (${reason}) was reviewed. Please keep to the community rules.`,
  viewProfile: (who: string) => `View @${who}'s profile`,
  removeUser: 'Remove from room',
  ban: 'Ban from room',
  banFor: 'Ban for',
  banDurations: {
    '1h': '1 hour',
    '1d': '1 day',
    '7d': '7 days',
    permanent: 'Permanently',
  } satisfies Record<BanDuration, string>,
  done: 'Done',
  actionFailed: 'The action failed',
  actions: {
    dismiss: 'dismissed a report',
    delete_message: 'deleted a message',
    remove_user: 'removed a user from the room',
    ban: 'banned a user from the room',
    warn: 'warned a user',
    lift_ban: 'lifted a ban',
  } satisfies Record<ModerationLogAction, string>,
  bans: 'Bans in force',
  noBans: 'Nobody is banned.',
  liftBan: 'Lift ban',
  banLifted: 'Ban lifted',
  banNotFound: 'Ban not found',
  bannedUntil: (when: string) => `until ${when}`,
  banReasonLabel: 'Reason (shown to the user)',
  bannedTitle: 'You are banned from this room',
  bannedFrom: (room: string) => `A moderator banned you from ${room}.`,
  bannedReason: 'Reason',
  bannedEnds: (when: string) => `The ban ends on ${when}.`,
  bannedForever: 'The ban is permanent.',
  backHome: 'Back to home',
  handledNotification: 'Your report was reviewed by a moderator. Thank you.',
  handledTitle: 'Your report was handled',
} as const;
