import { MODERATION_TEXTS, NOTIFICATION_PAGE_TEXTS } from '@studium/protocol';
import { paths } from '../../../config/paths';
import { plainTextPreview } from '../../../lib/plain-text';
import type { AppNotification } from '../types';

/** A room name fit for people: DM rooms ('dm:a:b') read as 'Direct message'. */
export function roomLabel(roomName: string): string {
  return /^dm[:_\-.\s/|]/i.test(roomName) ? 'Direct message' : roomName;
}

/** Whether the server withheld the notification: its reader may no longer read its room. */
type Withholding = Partial<Pick<AppNotification, 'is_withheld'>>;

/** The headline of a notification, e.g. 'ana mentioned you in Philosophy'. */
export function notificationTitle(
  n: Pick<AppNotification, 'kind' | 'actor' | 'room_name'> & Withholding,
): string {
  if (n.is_withheld) return NOTIFICATION_PAGE_TEXTS.withheldTitle;
  const who = n.actor ?? 'Someone';
  const where = roomLabel(n.room_name);
  switch (n.kind) {
    case 'mention':
      return `${who} mentioned you in ${where}`;
    case 'reply':
      return `${who} replied to you in ${where}`;
    case 'dm':
      return `${who} sent you a message`;
    case 'group_message':
    case 'room_message':
      return `${who} posted in ${where}`;
    case 'group_added':
      return `${who} added you to ${where}`;
    case 'match':
      return 'New match';
    case 'report_handled':
      return MODERATION_TEXTS.handledTitle;
    case 'warning':
      return MODERATION_TEXTS.warnedTitle;
    default:
      return `${who} in ${where}`;
  }
}

/** The line under the headline: the message's preview or the event's text; why a withheld one says nothing. */
export function notificationDetail(n: Pick<AppNotification, 'text'> & Withholding): string {
  return n.is_withheld ? NOTIFICATION_PAGE_TEXTS.withheldText : plainTextPreview(n.text);
}

/** Where a notification leads: its chat room (with the message id), else matchmaking. */
export function notificationHref(
  n: Pick<AppNotification, 'room' | 'message_id' | 'kind'> & Withholding,
): string {
  // A handled report, a warning or a withheld notification has nothing to open: its room may be
  // closed to the reader.
  if (n.kind === 'report_handled' || n.kind === 'warning' || n.is_withheld) return paths.notifications.href();
  if (n.room === null || n.room === undefined) return paths.matchmake.href();
  const base = paths.chat.href(n.room);
  return n.message_id ? `${base}?message=${n.message_id}` : base;
}
