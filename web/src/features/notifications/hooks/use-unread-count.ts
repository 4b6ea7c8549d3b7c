import { useQuery } from '@tanstack/react-query';
import type { UnreadState } from '@studium/protocol';
import { notificationKeys } from '../api/get-notifications';
import { NO_UNREAD } from '../api/notification-cache';

/** The unread counters in the query cache: no request of its own, the socket and mark-read set them. */
function useUnread<T>(select: (state: UnreadState) => T): T {
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: () => NO_UNREAD,
    enabled: false,
    initialData: NO_UNREAD,
    staleTime: Infinity,
    select,
  }).data;
}

/** The navbar badge's number. */
export function useUnreadCount(): number {
  return useUnread((state) => state.unread_count);
}
