import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type {
  ConversationsResponse,
  Notification,
  NotificationListResponse,
  NotificationServerFrame,
  UnreadState,
} from '@studium/protocol';
import { applyMatchmakingFrame } from '../../matchmaking';
import { applyRoomReadState } from '../../unread';
import { notificationKeys } from './get-notifications';
import {
  applyBlocks,
  applyRoomActivity,
  applyRoomChanged,
  invalidateLists,
  LISTS_AFTER_ERASURE,
  LISTS_BY_NOTIFICATION,
} from './list-events';
import { dmKeys } from '../../../lib/query-keys';

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
  // A row counts the notifications about messages only (docs/dms.md), the counters all of them:
  // they can only lower a row's count (a read), never raise it (addNotification does).
  client.setQueryData<ConversationsResponse>(dmKeys.list(), (old) =>
    old
      ? {
          conversations: old.conversations.map((c) => {
            const n = Math.min(countOf(c.room), c.mention_unread_count);
            return n === c.mention_unread_count
              ? c
              : { ...c, mention_unread_count: n, has_unread_mention: n > 0 };
          }),
        }
      : old,
  );
  // A room with nothing unread left was read (here or on another device).
  markListedRead(
    client,
    (n) => next.unread_count === 0 || (n.room !== null && countOf(n.room) === 0),
    readAt,
    next.unread_count,
  );
}

/** One notification marked read by its id (one without a room, or withheld): the list shows it read. */
export function applyOneRead(client: QueryClient, id: number, readAt = new Date().toISOString()): void {
  markListedRead(client, (n) => n.id === id, readAt);
}

/** The listed unread notifications `isRead` picks are read at `readAt`; the pages carry `unreadCount` when given. */
function markListedRead(
  client: QueryClient,
  isRead: (n: Notification) => boolean,
  readAt: string,
  unreadCount?: number,
): void {
  client.setQueryData<ListData>(notificationKeys.list(), (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((page) => ({
            ...page,
            ...(unreadCount === undefined ? {} : { unread_count: unreadCount }),
            notifications: page.notifications.map((n) =>
              n.read_at === null && isRead(n) ? { ...n, read_at: readAt } : n,
            ),
          })),
        }
      : old,
  );
}

/**
 * A new notification goes on top of the list, and its message into its conversation's row (one
 * more mention there); the lists it makes stale are read again.
 */
export function addNotification(client: QueryClient, notification: Notification): void {
  const list = { queryKey: notificationKeys.list(), exact: true };
  const putOnTop = () =>
    client.setQueryData<ListData>(notificationKeys.list(), (old) => {
      const [first, ...rest] = old?.pages ?? [];
      if (!old || !first || first.notifications.some((n) => n.id === notification.id)) return old;
      return {
        ...old,
        pages: [{ ...first, notifications: [notification, ...first.notifications] }, ...rest],
      };
    });
  // A read of the list under way (its first page, a refresh, an older page) may have been answered
  // before this notification was stored, and its answer replaces the list: once it is in, the
  // notification goes on top again.
  const query = client.getQueryCache().find(list);
  if (query && query.state.fetchStatus !== 'idle') {
    const stop = client.getQueryCache().subscribe((event) => {
      if (event.query !== query || query.state.fetchStatus !== 'idle') return;
      stop();
      putOnTop();
    });
  }
  putOnTop();
  invalidateLists(client, LISTS_BY_NOTIFICATION[notification.kind]);
  if (notification.room === null || notification.message_id === null) return;
  client.setQueryData<ConversationsResponse>(dmKeys.list(), (old) =>
    old
      ? {
          conversations: old.conversations.map((c) =>
            c.room === notification.room
              ? {
                  ...c,
                  last_message: notification.text,
                  timestamp: notification.created_at,
                  last_mention_at: notification.created_at,
                  has_unread_mention: true,
                  mention_unread_count: c.mention_unread_count + 1,
                }
              : c,
          ),
        }
      : old,
  );
}

/**
 * Messages the user was notified about were deleted: their notifications keep their place and
 * lose their text, as the server now answers them (docs/notifications.md); a conversation whose
 * preview was one of them is read again.
 */
export function eraseNotificationTexts(client: QueryClient, messageIds: readonly number[]): void {
  const erased = new Set(messageIds);
  client.setQueryData<ListData>(notificationKeys.list(), (old) =>
    old?.pages.some((p) =>
      p.notifications.some((n) => n.message_id !== null && erased.has(n.message_id) && n.text),
    )
      ? {
          ...old,
          pages: old.pages.map((page) => ({
            ...page,
            notifications: page.notifications.map((n) =>
              n.message_id !== null && erased.has(n.message_id) ? { ...n, text: '' } : n,
            ),
          })),
        }
      : old,
  );
  invalidateLists(client, LISTS_AFTER_ERASURE);
}

/** One frame of the notification socket, written into the caches the screens read. */
export function applyNotificationFrame(client: QueryClient, frame: NotificationServerFrame): void {
  // Offers and matches keep the matchmaking lists current, on screen or not.
  applyMatchmakingFrame(client, frame);
  if (frame.type === 'party.offer') return;
  // A room's unread messages and mentions (docs/unread.md), not the bell's notification counters.
  if (frame.type === 'read_state') {
    applyRoomReadState(client, frame.room, frame.read_state);
    return applyRoomActivity(client, frame);
  }
  if (frame.type === 'room_changed') return applyRoomChanged(client, frame);
  if (frame.type === 'blocks_changed') return applyBlocks(client, frame);
  if (frame.type === 'notification.erased') return eraseNotificationTexts(client, frame.message_ids);
  if (frame.type === 'notification.created') addNotification(client, frame.notification);
  applyUnread(client, frame);
}
