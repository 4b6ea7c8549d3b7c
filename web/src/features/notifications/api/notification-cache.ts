import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type {
  ConversationsResponse,
  Notification,
  NotificationListResponse,
  NotificationServerFrame,
  UnreadState,
} from '@studium/protocol';
import { dmKeys } from '../../dms/api/get-conversations';
import { applyMatchmakingFrame } from '../../matchmaking/api/live-updates';
import { applyRoomReadState } from '../../unread/api/read-state-cache';
import { notificationKeys } from './get-notifications';

/** Nothing unread: before the socket's first frame, and after logout. */
export const NO_UNREAD: UnreadState = { unread: {}, unread_count: 0 };

type ListData = InfiniteData<NotificationListResponse, number | undefined>;

/**
 * New counters (a socket frame or a mark-read answer): the badge reads them, the conversation
 * rows' unread badges and the list's read marks follow, with no refetch.
 */
export function applyUnread(client: QueryClient, next: UnreadState, readAt = new Date().toISOString()): void {
  client.setQueryData<UnreadState>(notificationKeys.unread(), {
    unread: next.unread,
    unread_count: next.unread_count,
  });
  const countOf = (room: number | null) => (room === null ? 0 : (next.unread[String(room)] ?? 0));
  client.setQueryData<ConversationsResponse>(dmKeys.list(), (old) =>
    old
      ? {
          conversations: old.conversations.map((c) => {
            const n = countOf(c.room);
            return n === c.mention_unread_count
              ? c
              : { ...c, mention_unread_count: n, has_unread_mention: n > 0 };
          }),
        }
      : old,
  );
  // A room with nothing unread left was read (here or on another device).
  client.setQueryData<ListData>(notificationKeys.list(), (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((page) => ({
            ...page,
            unread_count: next.unread_count,
            notifications: page.notifications.map((n) =>
              n.read_at === null && (next.unread_count === 0 || (n.room !== null && countOf(n.room) === 0))
                ? { ...n, read_at: readAt }
                : n,
            ),
          })),
        }
      : old,
  );
}

/** A new notification goes on top of the list, and its message into its conversation's row. */
export function addNotification(client: QueryClient, notification: Notification): void {
  client.setQueryData<ListData>(notificationKeys.list(), (old) => {
    const [first, ...rest] = old?.pages ?? [];
    if (!old || !first || first.notifications.some((n) => n.id === notification.id)) return old;
    return { ...old, pages: [{ ...first, notifications: [notification, ...first.notifications] }, ...rest] };
  });
  if (notification.room === null) return;
  const conversations = client.getQueryData<ConversationsResponse>(dmKeys.list());
  if (!conversations) return;
  const known = conversations.conversations.some((c) => c.room === notification.room);
  // A conversation this list does not have yet (a new DM or group): only the server knows its row.
  if (!known) {
    void client.invalidateQueries({ queryKey: dmKeys.all });
    return;
  }
  if (notification.message_id === null) return;
  client.setQueryData<ConversationsResponse>(dmKeys.list(), {
    conversations: conversations.conversations.map((c) =>
      c.room === notification.room
        ? {
            ...c,
            last_message: notification.text,
            timestamp: notification.created_at,
            last_mention_at: notification.created_at,
          }
        : c,
    ),
  });
}

/** One frame of the notification socket, written into the caches the screens read. */
export function applyNotificationFrame(client: QueryClient, frame: NotificationServerFrame): void {
  // Offers and matches keep the matchmaking lists current, on screen or not.
  applyMatchmakingFrame(client, frame);
  if (frame.type === 'party.offer') return;
  // A room's unread messages and mentions (docs/unread.md), not the bell's notification counters.
  if (frame.type === 'read_state') return applyRoomReadState(client, frame.room, frame.read_state);
  if (frame.type === 'notification.created') addNotification(client, frame.notification);
  applyUnread(client, frame);
}
