import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '../../auth/api/get-session';
import { useSession } from '../../auth/hooks/use-session';
import { dmKeys } from '../../dms/api/get-conversations';
import { useProductName } from '../../../config/product';
import { socketUrl } from '../../../lib/socket-url';
import { notificationKeys } from '../api/get-notifications';
import { markRoomRead } from '../api/mark-read';
import {
  applyNotificationFrame,
  onNotificationCreated,
  resetUnread,
  useUnreadByRoom,
  useUnreadCount,
} from '../hooks/use-unread-count';
import { notificationHref } from '../lib/describe';
import { showDesktopNotification } from '../lib/desktop';
import { formatBadge } from '../lib/format-badge';
import { startNotificationSocket } from '../lib/notification-socket';

const NOTIFICATIONS_PATH = '/ws/notifications/';

/**
 * One notification socket per logged-in app (spec §4): opens when logged in, closes and resets
 * the counts on logout, feeds the badge and the document title, refreshes the lists on news.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const productName = useProductName();
  const { isAuthenticated, username } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const count = useUnreadCount();
  const byRoom = useUnreadByRoom();

  useEffect(() => {
    if (!isAuthenticated || !username) return;
    const stop = startNotificationSocket({
      url: socketUrl(NOTIFICATIONS_PATH, window.location),
      onMessage: applyNotificationFrame,
      onNotLoggedIn: () => void queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
    });
    return () => {
      stop();
      resetUnread();
    };
  }, [isAuthenticated, username, queryClient]);

  // Something new: the conversation list and the notifications page refetch; maybe a desktop note.
  useEffect(
    () =>
      onNotificationCreated((notification) => {
        void queryClient.invalidateQueries({ queryKey: dmKeys.all });
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        if (!notification) return;
        // Already looking at that room: it is read.
        const viewing = notification.room !== null && pathname === `/chat/${notification.room}`;
        if (viewing && document.visibilityState === 'visible') {
          markRoomRead(notification.room!).catch(() => undefined);
          return;
        }
        showDesktopNotification(notification, () => void navigate(notificationHref(notification)));
      }),
    [queryClient, navigate, pathname],
  );

  // A room's count changed (read here, elsewhere, or news): the conversation badges follow.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: dmKeys.all });
  }, [byRoom, queryClient]);

  useEffect(() => {
    const badge = formatBadge(count);
    document.title = badge ? `(${badge}) ${productName}` : productName;
  }, [count, productName]);

  return children;
}
