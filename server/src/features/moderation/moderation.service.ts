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
} from '@studium/protocol';
import type { AppContext, CurrentUser } from '../../context';
import { isUniqueViolation, nowIso } from '../../db/dialect';
import { Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors';
import { enforceRate } from '../../lib/rate-limiter';
import { publishRoomAccessEnded } from '../../realtime/publish';
import * as chatRepo from '../chat/chat.repository';
import { eraseMessage, getReadableMessage } from '../chat/chat.service';
import {
  notifyRoomEvent,
  publishNotifications,
  type PendingNotification,
} from '../notifications/notifications.service';
import { canRead } from '../rooms/rooms.policy';
import { findRoomAccess } from '../rooms/rooms.service';
import * as policy from './moderation.policy';
import { presentContextMessage, presentLogEntry, presentReport } from './moderation.presenter';
import * as repo from './moderation.repository';

// The queue shows the oldest open reports first; a room flooded beyond this is handled in turns.
const QUEUE_MAX = 100;

/** The user as a moderator: operators are named by ADMIN_USERNAMES, in any case. */
const asModerator = (ctx: AppContext, user: CurrentUser): policy.Moderator => ({
  id: user.id,
  isOperator: ctx.config.adminUsernames.has(user.username.toLowerCase()),
});

/** Whether the user moderates anything: an operator, or the owner of a tree room. */
export async function getModerationAccess(
  ctx: AppContext,
  user: CurrentUser,
): Promise<ModerationAccessResponse> {
  const actor = asModerator(ctx, user);
  return { can_moderate: actor.isOperator || (await repo.ownsAnyRoom(ctx.db, user.id)) };
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
  let target: { userId: number; messageId: number | null; roomId: number | null; key: string };
  if ('message_id' in body) {
    const { message } = await getReadableMessage(ctx, user, body.message_id);
    if (message.deleted_at !== null || message.user_id === null)
      throw new NotFound(CHAT_TEXTS.chat.messageNotFound);
    if (message.user_id === user.id) throw new Invalid(t.cannotReportSelf);
    target = {
      userId: message.user_id,
      messageId: message.id,
      roomId: message.room_id,
      key: `m:${message.id}`,
    };
  } else {
    const other = await repo.findUserByName(ctx.db, body.username);
    if (!other) throw new NotFound(t.userNotFound);
    if (other.id === user.id) throw new Invalid(t.cannotReportSelf);
    target = { userId: other.id, messageId: null, roomId: null, key: `u:${other.id}` };
  }
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

/** The open reports the user may moderate, each with its message in context. */
export async function listQueue(ctx: AppContext, user: CurrentUser): Promise<ModerationQueueResponse> {
  const actor = asModerator(ctx, user);
  const rows = await repo.listOpenReports(ctx.db, user.id, actor.isOperator, QUEUE_MAX);
  const reports = [];
  for (const row of rows) {
    const context =
      row.message_id !== null && row.room_id !== null
        ? (
            await repo.listContext(
              ctx.db,
              row.room_id,
              row.message_id,
              MODERATION_LIMITS.contextBefore,
              MODERATION_LIMITS.contextAfter,
            )
          ).map((m) => presentContextMessage(m, row.message_id))
        : [];
    const reported = context.find((m) => m.is_reported);
    const canRemoveUser =
      row.room_id !== null && row.target_user_id !== user.id && row.target_user_id !== row.room_owner_id;
    reports.push(
      presentReport(row, context, {
        canDeleteMessage: reported !== undefined && reported.deleted_at === null,
        canRemoveUser,
      }),
    );
  }
  return { reports };
}

/** The moderation log of the rooms the user moderates (all of it for an operator), newest first. */
export async function listModerationLog(ctx: AppContext, user: CurrentUser): Promise<ModerationLogResponse> {
  const actor = asModerator(ctx, user);
  const rows = await repo.listLog(ctx.db, user.id, actor.isOperator, MODERATION_LIMITS.logMax);
  return { entries: rows.map(presentLogEntry) };
}

/**
 * Handles an open report: dismiss it, delete the message, remove or ban its author from the room.
 * The action is logged with its actor; every open report of the same target closes with it and
 * each reporter is told. A report the user may not moderate does not exist for them.
 */
export async function actOnReport(
  ctx: AppContext,
  user: CurrentUser,
  reportId: number,
  body: ModerationActionBody,
): Promise<ModerationActionResponse> {
  const actor = asModerator(ctx, user);
  const report = await repo.findReport(ctx.db, reportId);
  if (!report || report.status !== 'open') throw new NotFound(t.reportNotFound);
  const access = report.room_id === null ? null : await findRoomAccess(ctx.db, user, report.room_id);
  if (!policy.canModerateReport(actor, access?.room, access?.membership))
    throw new NotFound(t.reportNotFound);
  const room = access?.room;
  if (body.action === 'delete_message' && report.message_id === null) throw new Forbidden(t.notAllowed);
  if ((body.action === 'remove_user' || body.action === 'ban') && room) {
    if (!policy.canRemoveFromRoom(actor, room, access?.membership, report.target_user_id))
      throw new Forbidden(t.cannotBanOwner);
  } else if (body.action === 'remove_user' || body.action === 'ban') throw new Forbidden(t.notAllowed);

  if (body.action === 'delete_message' && report.message_id !== null) {
    const message = await chatRepo.findMessage(ctx.db, report.message_id);
    if (message) await eraseMessage(ctx, message);
  }
  const at = nowIso();
  const banEndsAt =
    body.action === 'ban' && body.duration !== 'permanent'
      ? new Date(Date.now() + BAN_DURATION_MS[body.duration]).toISOString()
      : null;
  let pending: PendingNotification[] = [];
  const entryId = await ctx.writer.run(async (trx) => {
    if (room && (body.action === 'remove_user' || body.action === 'ban'))
      await repo.deleteMembership(trx, room.id, report.target_user_id);
    if (room && body.action === 'ban')
      await repo.upsertBan(trx, {
        room_id: room.id,
        user_id: report.target_user_id,
        ends_at: banEndsAt,
        created_by: user.id,
        created_at: at,
      });
    const closed = await repo.closeOpenReports(
      trx,
      report.target_key,
      body.action === 'dismiss' ? 'dismissed' : 'actioned',
      user.id,
      at,
    );
    pending = await notifyRoomEvent(
      trx,
      {
        kind: 'report_handled',
        room: room ? { id: room.id, name: room.name } : null,
        actor: user,
        text: t.handledNotification,
        at,
      },
      [...new Set(closed.map((r) => r.reporter_id))],
    );
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
  // A removed member of a room others may not read, or a banned user, loses its sockets at once.
  if (
    room &&
    (body.action === 'ban' ||
      (body.action === 'remove_user' && !canRead({ id: report.target_user_id }, room, undefined)))
  )
    await publishRoomAccessEnded(ctx, report.target_user_id, room.id);
  await publishNotifications(ctx, pending);
  ctx.log.info({ actorId: user.id, action: body.action, reportId: report.id }, 'moderation action');
  const entry = await repo.findLogEntry(ctx.db, entryId);
  if (!entry) throw new NotFound();
  return { entry: presentLogEntry(entry) };
}
