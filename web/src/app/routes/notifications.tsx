import { NotificationsPage } from '../../features/notifications/components/notifications-page';

/** /notifications (and subpaths): the notification list. */
export default function NotificationsRoute() {
  return <NotificationsPage />;
}
