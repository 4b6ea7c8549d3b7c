import { MODERATION_TEXTS } from '@studium/protocol';
import { paths } from '../../../config/paths';
import type { AppNotification } from '../types';

/** A room name fit for people: DM rooms ('dm:a:b') read as 'Direct message'. */
export function roomLabel(roomName: string): string {
  return /^dm[:_\-.\s/|]/i.test(roomName) ? 'Direct message' : roomName;
}

/** The headline of a notification, e.g. 'ana mentioned you in Philosophy'. */
export function notificationTitle(n: Pick<AppNotification, 'kind' | 'actor' | 'room_name'>): string {
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
    default:
      return `${who} in ${where}`;
  }
}

/** Where a notification leads: its chat room (with the message id), else matchmaking. */
export function notificationHref(n: Pick<AppNotification, 'room' | 'message_id' | 'kind'>): string {
  if (n.kind === 'report_handled') return paths.notifications.href();
  if (n.room === null || n.room === undefined) return paths.matchmake.href();
  const base = paths.chat.href(n.room);
  return n.message_id ? `${base}?message=${n.message_id}` : base;
}
