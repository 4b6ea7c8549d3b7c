/** The wire shapes of notifications, from the protocol package (`Notification` would shadow the DOM's). */
export type {
  MarkReadResponse,
  Notification as AppNotification,
  NotificationKind,
  NotificationListResponse as NotificationsPage,
  NotificationServerFrame as NotificationSocketMessage,
  UnreadCounts as UnreadMap,
} from '@studium/protocol';
