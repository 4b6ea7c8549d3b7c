import { useInfiniteQuery } from '@tanstack/react-query';
import {
  NOTIFICATION_LIMITS,
  notificationListResponse,
  type NotificationListResponse,
} from '@studium/protocol';
import { checked } from '../../../lib/api-client';

export const NOTIFICATIONS_PAGE_SIZE = NOTIFICATION_LIMITS.pageDefault;

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => ['notifications', 'list'] as const,
  /** The unread counters: set by the socket and by every mark-read answer. */
  unread: () => ['notifications', 'unread'] as const,
};

/** GET /api/notifications/?before=<id>&limit=<n>: newest first. */
export function getNotifications(
  before?: number,
  limit = NOTIFICATIONS_PAGE_SIZE,
): Promise<NotificationListResponse> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (before !== undefined) params.set('before', String(before));
  return checked.get(`/api/notifications/?${params.toString()}`, notificationListResponse);
}

export function useNotificationsList() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam }) => getNotifications(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.has_more ? last.notifications.at(-1)?.id : undefined),
    retry: false,
    // Fresh when the page opens; while it is open the socket's news are written into it.
    staleTime: 0,
  });
}
