import { notificationServerFrame, WS_CLOSE, type NotificationServerFrame } from '@studium/protocol';
import { backoffDelay, nextBackoffStep } from './backoff';

export interface NotificationSocketOptions {
  url: string;
  onMessage: (frame: NotificationServerFrame) => void;
  /** Close 4001: the server no longer sees a session (the caller re-checks it). */
  onNotLoggedIn?: () => void;
  /** Injected in tests. */
  createSocket?: (url: string) => WebSocket;
}

/** A frame as the protocol defines it, else null (logged and ignored: a server of another version). */
function parseFrame(data: unknown): NotificationServerFrame | null {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    json = data;
  }
  const frame = notificationServerFrame.safeParse(json);
  if (frame.success) return frame.data;
  console.info('Notification frame ignored: it does not match the protocol', frame.error.issues);
  return null;
}

/**
 * The notification socket (docs/notifications.md): reconnects after every close with the back-off (1 s
 * doubling to 15 s, step counter capped at 5, reset on open or init). Returns `stop`.
 */
export function startNotificationSocket({
  url,
  onMessage,
  onNotLoggedIn,
  createSocket = (u) => new WebSocket(u),
}: NotificationSocketOptions): () => void {
  let stopped = false;
  let step = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: WebSocket | null = null;

  const connect = () => {
    timer = undefined;
    const ws = createSocket(url);
    current = ws;
    ws.onopen = () => {
      step = 0;
    };
    ws.onmessage = (event: MessageEvent) => {
      if (stopped) return;
      const frame = parseFrame(event.data);
      if (!frame) return;
      if (frame.type === 'notification.init') step = 0;
      onMessage(frame);
    };
    ws.onerror = () => {
      // Silent for the user: logged, then retried (the close event follows).
      console.info('Notification socket error; retrying');
    };
    ws.onclose = (event: CloseEvent) => {
      if (stopped || current !== ws) return;
      current = null;
      if (event.code === WS_CLOSE.notLoggedIn) onNotLoggedIn?.();
      const delay = backoffDelay(step);
      step = nextBackoffStep(step);
      timer = setTimeout(connect, delay);
    };
  };
  connect();

  return () => {
    stopped = true;
    clearTimeout(timer);
    const ws = current;
    current = null;
    if (!ws) return;
    // Closing a socket that is still connecting makes the browser log an error; wait for it.
    if (ws.readyState === WebSocket.CONNECTING) ws.onopen = () => ws.close(1000);
    else if (ws.readyState === WebSocket.OPEN) ws.close(1000);
  };
}
