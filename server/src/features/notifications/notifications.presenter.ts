import {
  ATTACHMENT_TEXTS,
  DMS_LIMITS,
  type Notification,
  type NotificationKind,
  type UnreadState,
} from '@studium/protocol';
import { namesActor } from './notifications.policy';

/** A one-line preview of a text: whitespace collapsed, at most `max` characters with an ellipsis. */
export function previewText(text: string, max: number = DMS_LIMITS.previewMax): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  let cut = line.slice(0, max - 1);
  // Never leave half of a surrogate pair (an emoji) before the ellipsis.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/**
 * The one-line preview of a message: its text, or for one that carries only files, how many
 * (docs/dms.md); '' for a message without either (erased).
 */
export function messagePreview(content: string, attachmentCount: number): string {
  const text = previewText(content);
  return text || (attachmentCount > 0 ? ATTACHMENT_TEXTS.filesPreview(attachmentCount) : '');
}

export interface NotificationRow {
  id: number;
  kind: NotificationKind;
  room_id: number | null;
  room_name: string | null;
  message_id: number | null;
  actor: string | null;
  /** The event's text, or the message's preview as it was when notified. */
  text: string;
  created_at: string;
  read_at: string | null;
}

/**
 * A notification as the list and the socket send it. `canSee` is the reader's right to its room
 * now (`canSeeNotification`): without it only the kind and the times leave the server.
 */
export function presentNotification(row: NotificationRow, canSee: boolean): Notification {
  const times = { id: row.id, kind: row.kind, created_at: row.created_at, read_at: row.read_at };
  if (!canSee)
    return {
      ...times,
      room: null,
      room_name: '',
      message_id: null,
      actor: null,
      text: '',
      is_withheld: true,
    };
  return {
    ...times,
    room: row.room_id,
    room_name: row.room_name ?? '',
    message_id: row.message_id,
    actor: namesActor(row.kind) ? row.actor : null,
    text: previewText(row.text),
    is_withheld: false,
  };
}

/** Unread counts per room (notifications without a room count in the total only). */
export function presentUnread(rows: ReadonlyArray<{ room_id: number | null; n: number }>): UnreadState {
  const unread: Record<string, number> = {};
  let total = 0;
  for (const row of rows) {
    const n = Number(row.n);
    total += n;
    if (row.room_id !== null) unread[String(row.room_id)] = (unread[String(row.room_id)] ?? 0) + n;
  }
  return { unread, unread_count: total };
}
