import {
  BAN_DURATION_MS,
  CHAT_TEXTS,
  MODERATION_LIMITS,
  MODERATION_TEXTS as t,
  type CreateReportBody,
  type ModerationAccessResponse,
  type ModerationActionBody,
  type ModerationActionResponse,
  type ModerationLogResponse,
  type ModerationQueueResponse,
  type ReportCreatedResponse,
  type RoomBansResponse,
} from '@studium/protocol';
import { isOperator } from '../../config/config';
import type { AppContext, CurrentUser } from '../../context';
import { isUniqueViolation, nowIso } from '../../db/dialect';
import { Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors';
import { enforceRate } from '../../lib/rate-limiter';
import { publishRoomAccessEnded, publishRoomChanged } from '../../realtime/publish';
import { findMessage } from '../chat/chat.service';
import { eraseMessage, getReadableMessage } from '../chat/chat.service';
import {
  notifyRoomEvent,
  publishNotifications,
  type PendingNotification,
} from '../notifications/notifications.service';
import { canRead } from '../rooms/rooms.policy';
import { findRoomAccess, findRoomAccesses, removeMember } from '../rooms/rooms.service';
import * as policy from './moderation.policy';
import { presentContextMessage, presentLogEntry, presentReport } from './moderation.presenter';
import * as repo from './moderation.repository';

// The queue shows the oldest open reports first; a room flooded beyond this is handled in turns.
const QUEUE_MAX = 100;

/** The user as a moderator: operators are named by ADMIN_USERNAMES, in any case. */
const asModerator = (ctx: AppContext, user: CurrentUser): policy.Moderator => ({
  id: user.id,
  isOperator: isOperator(ctx.config, user.username),
});

/** Whether the user moderates anything: an operator, or the owner of a tree room. */
export async function getModerationAccess(
  ctx: AppContext,
  user: CurrentUser,
): Promise<ModerationAccessResponse> {
  const actor = asModerator(ctx, user);
  return { can_moderate: actor.isOperator || (await repo.ownsAnyRoom(ctx.db, user.id)) };
}

interface ReportTarget {
  userId: number;
  messageId: number | null;
  roomId: number | null;
  /** One open report per reporter and key. */
  key: string;
}

/** What a report is about: a message the reporter may read (not their own), or another user. */
async function findTarget(ctx: AppContext, user: CurrentUser, body: CreateReportBody): Promise<ReportTarget> {
  if ('message_id' in body) {
    const { message } = await getReadableMessage(ctx, user, body.message_id);
    if (message.deleted_at !== null || message.user_id === null)
      throw new NotFound(CHAT_TEXTS.chat.messageNotFound);
    if (message.user_id === user.id) throw new Invalid(t.cannotReportSelf);
    return {
      userId: message.user_id,
      messageId: message.id,
      roomId: message.room_id,
      key: `m:${message.id}`,
    };
  }
  const other = await repo.findUserByName(ctx.db, body.username);
  if (!other) throw new NotFound(t.userNotFound);
  if (other.id === user.id) throw new Invalid(t.cannotReportSelf);
  return { userId: other.id, messageId: null, roomId: null, key: `u:${other.id}` };
}

/**
 * Reports a message (it belongs to the message's room) or a user (no room: operators only).
 * Rate limited per reporter; one open report per reporter and target.
 */
export async function createReport(
  ctx: AppContext,
  user: CurrentUser,
  body: CreateReportBody,
): Promise<ReportCreatedResponse> {
  await enforceRate(ctx.limiter, `report:user:${user.id}`, ctx.config.rateLimits.report);
  const target = await findTarget(ctx, user, body);
  try {
    const id = await ctx.writer.run((trx) =>
      repo.insertReport(trx, {
        reporter_id: user.id,
        target_user_id: target.userId,
        message_id: target.messageId,
        room_id: target.roomId,
        target_key: target.key,
        reason: body.reason,
        details: body.details ?? '',
        created_at: nowIso(),
      }),
    );
    ctx.log.info({ reportId: id, reporterId: user.id }, 'report created');
    return { id, status: 'open' };
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(t.alreadyReported);
    throw err;
  }
}

/** The open reports the user may moderate, each with its message in context and the actions allowed. */
export async function listQueue(ctx: AppContext, user: CurrentUser): Promise<ModerationQueueResponse> {
  const actor = asModerator(ctx, user);
  const rows = await repo.listOpenReports(ctx.db, user.id, actor.isOperator, QUEUE_MAX);
  // A report about a user has no message, so no context.
  const anchors = rows.flatMap((r) =>
    r.message_id === null || r.room_id === null ? [] : [{ roomId: r.room_id, messageId: r.message_id }],
  );
  const roomIds = [...new Set(rows.flatMap((r) => (r.room_id === null ? [] : [r.room_id])))];
  const { contextBefore, contextAfter } = MODERATION_LIMITS;
  const [contexts, rooms] = await Promise.all([
    repo.listContexts(ctx.db, anchors, contextBefore, contextAfter),
    findRoomAccesses(ctx.db, user, roomIds),
  ]);
  const reports = rows.map((row) => {
    const context =
      row.message_id === null || row.room_id === null
        ? []
        : (contexts.get(row.message_id) ?? []).map((m) => presentContextMessage(m, row.message_id));
    const reported = context.find((m) => m.is_reported);
    const access = row.room_id === null ? undefined : rooms.get(row.room_id);
    return presentReport(row, context, {
      canDeleteMessage: reported !== undefined && reported.deleted_at === null,
      canRemoveUser:
        !!access && policy.canRemoveFromRoom(actor, access.room, access.membership, row.target_user_id),
      canWarn: policy.canWarn(actor, row.target_user_id),
    });
  });
  return { reports };
}

/** The moderation log of the rooms the user moderates (all of it for an operator), newest first. */
export async function listModerationLog(ctx: AppContext, user: CurrentUser): Promise<ModerationLogResponse> {
  const actor = asModerator(ctx, user);
  const rows = await repo.listLog(ctx.db, user.id, actor.isOperator, MODERATION_LIMITS.logMax);
  return { entries: rows.map(presentLogEntry) };
}

/** The report and its room when the user may act on it this way; NotFound or Forbidden otherwise. */
async function getActionableReport(
  ctx: AppContext,
  actor: policy.Moderator,
  user: CurrentUser,
  reportId: number,
  action: ModerationActionBody['action'],
) {
  const report = await repo.findReport(ctx.db, reportId);
  if (!report || report.status !== 'open') throw new NotFound(t.reportNotFound);
  const access = report.room_id === null ? null : await findRoomAccess(ctx.db, user, report.room_id);
  // A report the user may not moderate does not exist for them.
  if (!policy.canModerateReport(actor, access?.room, access?.membership))
    throw new NotFound(t.reportNotFound);
  if (action === 'delete_message' && report.message_id === null) throw new Forbidden(t.notAllowed);
  if (action === 'warn' && !policy.canWarn(actor, report.target_user_id)) throw new Forbidden(t.notAllowed);
  if (action === 'remove_user' || action === 'ban') {
    if (!access) throw new Forbidden(t.notAllowed);
    if (!policy.canRemoveFromRoom(actor, access.room, access.membership, report.target_user_id))
      throw new Forbidden(t.cannotBanOwner);
  }
  return { report, room: access?.room ?? null };
}

/** When a ban of this duration made now ends; null: never. */
const banEnd = (body: ModerationActionBody): string | null =>
  body.action === 'ban' && body.duration !== 'permanent'
    ? new Date(Date.now() + BAN_DURATION_MS[body.duration]).toISOString()
    : null;

/**
 * Handles an open report: dismiss it, delete the message, remove or ban its author from the room,
 * or warn them.
 * The action is logged with its actor; every open report of the same target closes with it and
 * each reporter is told. Two moderators acting at once: the second finds the report closed (404).
 */
export async function actOnReport(
  ctx: AppContext,
  user: CurrentUser,
  reportId: number,
  body: ModerationActionBody,
): Promise<ModerationActionResponse> {
  const actor = asModerator(ctx, user);
  const { report, room } = await getActionableReport(ctx, actor, user, reportId, body.action);
  const removes = room !== null && (body.action === 'remove_user' || body.action === 'ban');
  if (body.action === 'delete_message' && report.message_id !== null) {
    const message = await findMessage(ctx.db, report.message_id);
    if (message) await eraseMessage(ctx, message);
  }
  const at = nowIso();
  const banEndsAt = banEnd(body);
  let pending: PendingNotification[] = [];
  const entryId = await ctx.writer.run(async (trx) => {
    const status = body.action === 'dismiss' ? 'dismissed' : 'actioned';
    const closed = await repo.closeOpenReports(trx, report.target_key, status, user.id, at);
    if (!closed.some((r) => r.id === report.id)) throw new NotFound(t.reportNotFound);
    if (removes) await removeMember(trx, room.id, report.target_user_id);
    if (room && body.action === 'ban') {
      const ban = { room_id: room.id, user_id: report.target_user_id, ends_at: banEndsAt };
      await repo.upsertBan(trx, { ...ban, reason: body.reason ?? '', created_by: user.id, created_at: at });
    }
    const handled = { kind: 'report_handled' as const, actor: user, text: t.handledNotification, at };
    const reporters = [...new Set(closed.map((r) => r.reporter_id))];
    pending = await notifyRoomEvent(
      trx,
      { ...handled, room: room && { id: room.id, name: room.name } },
      reporters,
    );
    // A warning reaches the reported user alone, with the report's reason and no room.
    if (body.action === 'warn') {
      const text = t.warnedNotification(t.reasons[report.reason]);
      const warning = { kind: 'warning' as const, actor: user, text, at, room: null };
      pending.push(...(await notifyRoomEvent(trx, warning, [report.target_user_id])));
    }
    return repo.insertLogEntry(trx, {
      actor_id: user.id,
      action: body.action,
      target_user_id: report.target_user_id,
      room_id: room?.id ?? null,
      report_id: report.id,
      message_id: report.message_id,
      ban_ends_at: banEndsAt,
      created_at: at,
    });
  });
  // A banned user, or a removed member of a room others may not read, loses its sockets at once.
  if (removes && (body.action === 'ban' || !canRead({ id: report.target_user_id }, room, undefined)))
    await publishRoomAccessEnded(ctx, report.target_user_id, room.id);
  // A removed member's lists lose the room.
  if (removes)
    await publishRoomChanged(ctx, [report.target_user_id], {
      room: room.id,
      change: 'left',
      name: room.name,
    });
  await publishNotifications(ctx, pending);
  ctx.log.info({ actorId: user.id, action: body.action, reportId: report.id }, 'moderation action');
  const entry = await repo.findLogEntry(ctx.db, entryId);
  if (!entry) throw new NotFound();
  return { entry: presentLogEntry(entry) };
}

/** The bans in force in the rooms the user moderates (every room for an operator), newest first. */
export async function listBans(ctx: AppContext, user: CurrentUser): Promise<RoomBansResponse> {
  const actor = asModerator(ctx, user);
  const rows = await repo.listBans(ctx.db, user.id, actor.isOperator, nowIso(), MODERATION_LIMITS.logMax);
  return {
    bans: rows.map((row) => ({
      id: row.id,
      room: { id: row.room_id, name: row.room_name },
      username: row.username,
      ends_at: row.ends_at,
      created_at: row.created_at,
    })),
  };
}

/** Lifts a ban early; logged like any action. A ban in a room the user does not moderate does not exist for them. */
export async function liftBan(
  ctx: AppContext,
  user: CurrentUser,
  banId: number,
): Promise<ModerationActionResponse> {
  const actor = asModerator(ctx, user);
  const ban = await repo.findBan(ctx.db, banId);
  const access = ban ? await findRoomAccess(ctx.db, user, ban.room_id) : null;
  if (!ban || !access || !policy.canModerateRoom(actor, access.room, access.membership))
    throw new NotFound(t.banNotFound);
  const entryId = await ctx.writer.run(async (trx) => {
    if (!(await repo.deleteBan(trx, ban.id))) throw new NotFound(t.banNotFound);
    return repo.insertLogEntry(trx, {
      actor_id: user.id,
      action: 'lift_ban',
      target_user_id: ban.user_id,
      room_id: ban.room_id,
      report_id: null,
      message_id: null,
      ban_ends_at: ban.ends_at,
      created_at: nowIso(),
    });
  });
  ctx.log.info({ actorId: user.id, banId: ban.id }, 'ban lifted');
  const entry = await repo.findLogEntry(ctx.db, entryId);
  if (!entry) throw new NotFound();
  return { entry: presentLogEntry(entry) };
}
