import type { AppNotification } from '../types';
import { notificationDetail, notificationTitle, roomLabel } from './describe';

export type DesktopPermission = NotificationPermission | 'unsupported';

export function desktopPermission(): DesktopPermission {
  return typeof window !== 'undefined' && 'Notification' in window
    ? window.Notification.permission
    : 'unsupported';
}

/** Asks the browser; only ever called from a user's click (never prompted automatically). */
export async function requestDesktopPermission(): Promise<DesktopPermission> {
  if (desktopPermission() === 'unsupported') return 'unsupported';
  return window.Notification.requestPermission();
}

/** Shows a desktop notification when the user allowed them and the tab is hidden. */
export function showDesktopNotification(n: AppNotification, onClick: () => void): void {
  if (desktopPermission() !== 'granted' || document.visibilityState !== 'hidden') return;
  try {
    const shown = new window.Notification(notificationTitle(n), {
      body: n.is_withheld
        ? notificationDetail(n)
        : n.text
          ? `${roomLabel(n.room_name)}: ${n.text}`
          : roomLabel(n.room_name),
      tag: `studium-notification-${n.id}`,
    });
    shown.onclick = () => {
      window.focus();
      onClick();
      shown.close();
    };
  } catch (err) {
    // Some browsers only allow notifications from a service worker.
    console.info('Desktop notification not shown:', err);
  }
}
