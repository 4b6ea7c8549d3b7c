import { useInfiniteQuery } from '@tanstack/react-query';
import { NOTIFICATION_LIMITS } from '@studium/protocol';
import { api } from '../../../lib/api-client';
import type { NotificationsPage } from '../types';

export const NOTIFICATIONS_PAGE_SIZE = NOTIFICATION_LIMITS.pageDefault;

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => ['notifications', 'list'] as const,
};

/** GET /api/notifications/?before=<id>&limit=<n>: newest first. */
export function getNotifications(before?: number, limit = NOTIFICATIONS_PAGE_SIZE): Promise<NotificationsPage> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (before !== undefined) params.set('before', String(before));
  return api.get<NotificationsPage>(`/api/notifications/?${params.toString()}`);
}

export function useNotificationsList() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam }) => getNotifications(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.has_more ? last.notifications.at(-1)?.id : undefined),
    retry: false,
    // Always fresh when the page opens; the socket invalidates it on news.
    staleTime: 0,
  });
}
