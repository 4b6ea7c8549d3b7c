import { WS_CLOSE } from '@studium/protocol';
import type { NotificationSocketMessage } from '../types';
import { backoffDelay, nextBackoffStep } from './backoff';

export interface NotificationSocketOptions {
  url: string;
  onMessage: (frame: NotificationSocketMessage) => void;
  /** Close 4001: the server no longer sees a session (the caller re-checks it). */
  onNotLoggedIn?: () => void;
  /** Injected in tests. */
  createSocket?: (url: string) => WebSocket;
}

const TYPES = new Set(['notification.init', 'notification.created', 'notification.counts']);

function parseFrame(data: unknown): NotificationSocketMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const frame = JSON.parse(data) as unknown;
    if (frame && typeof frame === 'object' && 'type' in frame && TYPES.has(String(frame.type))) {
      return frame as NotificationSocketMessage;
    }
  } catch {
    /* not JSON: ignored */
  }
  return null;
}

/**
 * The notification socket of spec §4: reconnects after every close with the back-off (1 s
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
      // Silent by spec §8: logged, then retried (the close event follows).
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
