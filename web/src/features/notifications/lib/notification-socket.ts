import { notificationServerFrame, WS_CLOSE, type NotificationServerFrame } from '@studium/protocol';
import { openLiveSocket } from '../../../lib/live-socket';
import { backoffDelay, nextBackoffStep } from './backoff';

export interface NotificationSocketOptions {
  url: string;
  onMessage: (frame: NotificationServerFrame) => void;
  /** Close 4001: the server no longer sees a session (the caller re-checks it). */
  onNotLoggedIn?: () => void;
  /** Injected in tests. */
  createSocket?: (url: string) => WebSocket;
}

/**
 * The notification socket (docs/notifications.md): reconnects after every close with the back-off (1 s
 * doubling to 15 s, step counter capped at 5, reset on open or init). Returns `stop`.
 */
export function startNotificationSocket({
  url,
  onMessage,
  onNotLoggedIn,
  createSocket,
}: NotificationSocketOptions): () => void {
  let step = 0;
  const socket = openLiveSocket({
    url,
    schema: notificationServerFrame,
    name: 'Notification',
    createSocket,
    onOpen: () => {
      step = 0;
    },
    onFrame: (frame) => {
      if (frame.type === 'notification.init') step = 0;
      onMessage(frame);
    },
    onClose: (event) => {
      if (event.code === WS_CLOSE.notLoggedIn) onNotLoggedIn?.();
      const delay = backoffDelay(step);
      step = nextBackoffStep(step);
      return delay;
    },
  });
  return socket.stop;
}
