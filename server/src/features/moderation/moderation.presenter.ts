import type { ModerationLogEntry, ModerationMessage, ModerationReport } from '@studium/protocol';
import type { ContextRow, LogRow, ReportRow } from './moderation.repository';

/** A message around a reported one: a deleted message shows no text. */
export const presentContextMessage = (row: ContextRow, reportedId: number | null): ModerationMessage => ({
  id: row.id,
  username: row.username ?? '',
  message: row.deleted_at === null ? row.content : '',
  timestamp: row.created_at,
  deleted_at: row.deleted_at,
  is_reported: row.id === reportedId,
});

/** A report as the queue shows it, with the actions the moderator may take. */
export function presentReport(
  row: ReportRow,
  context: ModerationMessage[],
  rights: { canDeleteMessage: boolean; canRemoveUser: boolean; canWarn: boolean },
): ModerationReport {
  return {
    id: row.id,
    kind: row.message_id === null ? 'user' : 'message',
    reason: row.reason,
    details: row.details,
    created_at: row.created_at,
    reporter: row.reporter,
    target_username: row.target_username,
    room:
      row.room_id !== null && row.room_name !== null && row.room_path !== null
        ? { id: row.room_id, name: row.room_name, path: row.room_path }
        : null,
    message_id: row.message_id,
    context,
    can_delete_message: rights.canDeleteMessage,
    can_remove_user: rights.canRemoveUser,
    can_ban: rights.canRemoveUser,
    can_warn: rights.canWarn,
  };
}

/** One line of the moderation log. */
export const presentLogEntry = (row: LogRow): ModerationLogEntry => ({
  id: row.id,
  actor: row.actor ?? '',
  action: row.action,
  target_username: row.target_username,
  room: row.room_id !== null && row.room_name !== null ? { id: row.room_id, name: row.room_name } : null,
  report_id: row.report_id,
  message_id: row.message_id,
  ban_ends_at: row.ban_ends_at,
  created_at: row.created_at,
});
