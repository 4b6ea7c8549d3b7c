/** The wire shapes of notifications, from the protocol package (`Notification` would shadow the DOM's). */
export type { Notification as AppNotification, NotificationKind } from '@studium/protocol';
