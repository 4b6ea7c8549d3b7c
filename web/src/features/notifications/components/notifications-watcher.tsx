import { useEffect, useEffectEvent } from 'react';
import type { Notification } from '@studium/protocol';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useProductName } from '../../../config/product';
import { socketUrl } from '../../../lib/socket-url';
import { useSession } from '../../auth';
import { notificationKeys } from '../api/get-notifications';
import { markRoomRead } from '../api/mark-read';
import { invalidateLists, LISTS_AFTER_RECONNECT } from '../api/list-events';
import { applyNotificationFrame, NO_UNREAD } from '../api/notification-cache';
import { useUnreadCount } from '../hooks/use-unread-count';
import { notificationHref } from '../lib/describe';
import { showDesktopNotification } from '../lib/desktop';
import { formatBadge } from '../../../lib/format-badge';
import { startNotificationSocket } from '../lib/notification-socket';
import { sessionKeys } from '../../../lib/query-keys';

const NOTIFICATIONS_PATH = '/ws/notifications/';

/**
 * One notification socket per logged-in app (docs/notifications.md): opens when logged in,
 * closes on logout (the counters go with the user's other cached answers), writes every frame
 * into the query cache (badge, list, conversation rows), and shows desktop notifications. It also
 * keeps the unread count in the tab's title. Rendered only for a logged-in user (app/signed-in.tsx).
 */
export function NotificationsWatcher() {
  const productName = useProductName();
  const { isAuthenticated, username } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const count = useUnreadCount();
  // The socket outlives route changes; this reads the route of the moment.
  const onCreated = useEffectEvent((notification: Notification) => {
    // Already looking at that room: it is read.
    const viewing = notification.room !== null && pathname === `/chat/${notification.room}`;
    if (viewing && notification.room !== null && document.visibilityState === 'visible') {
      markRoomRead(queryClient, notification.room).catch(() => undefined);
      return;
    }
    showDesktopNotification(notification, () => void navigate(notificationHref(notification)));
  });

  useEffect(() => {
    if (!isAuthenticated || !username) return;
    let connected = false;
    const stop = startNotificationSocket({
      url: socketUrl(NOTIFICATIONS_PATH, window.location),
      onMessage: (frame) => {
        // Back after a lost connection: the lists may have missed events meanwhile.
        if (frame.type === 'notification.init' && connected)
          invalidateLists(queryClient, LISTS_AFTER_RECONNECT);
        if (frame.type === 'notification.init') connected = true;
        applyNotificationFrame(queryClient, frame);
        if (frame.type === 'notification.created') onCreated(frame.notification);
      },
      onNotLoggedIn: () => void queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
    });
    return () => {
      stop();
      queryClient.setQueryData(notificationKeys.unread(), NO_UNREAD);
    };
  }, [isAuthenticated, username, queryClient]);

  useEffect(() => {
    const badge = formatBadge(count);
    document.title = badge ? `(${badge}) ${productName}` : productName;
  }, [count, productName]);
  // Logged out: the title loses its count.
  useEffect(() => () => void (document.title = productName), [productName]);

  return null;
}
