/**
 * One live connection that comes back by itself: the room's, the notifications' and the
 * presence sockets all run on this (docs/architecture.md). It parses every frame against the
 * protocol's schema (a frame of another server version is logged and ignored), asks the caller
 * after each close whether and when to connect again, and closes cleanly when stopped (a socket
 * still connecting is closed once open: closing it earlier makes the browser log an error).
 *
 * A socket can look open long after it died: offline, or with the computer asleep, the server
 * drops it after two unanswered pings, and the browser learns of it only when it writes, which a
 * notification socket never does. So when the browser says the network is back, or the page wakes
 * from a freeze longer than that, an open socket is replaced at once (and one waiting for its
 * next attempt tries now): the caller hears a reconnect and reads again what it may have missed.
 */
import { LIMITS } from '@studium/protocol';

/** A gap between ticks longer than this: the page was frozen past the server's two pings. */
export const WAKE_GAP_MS = 2 * LIMITS.wsPingMs + 15_000;
const WAKE_TICK_MS = 10_000;

/** A protocol schema, as far as this needs it (zod's `safeParse`). */
interface FrameSchema<Frame> {
  safeParse(data: unknown): { success: true; data: Frame } | { success: false; error: { issues: unknown } };
}

export interface LiveSocketOptions<Frame> {
  url: string;
  /** The protocol's schema of what the server sends on this socket. */
  schema: FrameSchema<Frame>;
  /** For the log line of an ignored frame. */
  name: string;
  onFrame: (frame: Frame) => void;
  /** Every attempt to connect, the first included. */
  onConnecting?: () => void;
  /** Every open; `reconnected` is true after the first. */
  onOpen?: (reconnected: boolean) => void;
  /**
   * After a close that `stop` did not cause: what the screen does, and the delay before the next
   * connection (null: stay closed, e.g. the server refused it).
   */
  onClose: (event: CloseEvent) => number | null;
  /** Injected in tests. */
  createSocket?: (url: string) => WebSocket;
  /** What fires `online` when the network is back: the window (injected in tests). */
  network?: EventTarget | null;
}

export interface LiveSocket {
  /** Sends a frame if the connection is open now; false when it is not (the caller falls back). */
  send: (frame: unknown) => boolean;
  isOpen: () => boolean;
  stop: () => void;
}

export function openLiveSocket<Frame>({
  url,
  schema,
  name,
  onFrame,
  onConnecting,
  onOpen,
  onClose,
  createSocket = (u) => new WebSocket(u),
  network = typeof window === 'undefined' ? null : window,
}: LiveSocketOptions<Frame>): LiveSocket {
  let stopped = false;
  let opens = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: WebSocket | null = null;
  /** The caller chose not to connect again (the server refused the socket). */
  let ended = false;

  const connect = () => {
    timer = undefined;
    const ws = createSocket(url);
    current = ws;
    onConnecting?.();
    ws.onopen = () => {
      if (stopped || current !== ws) return;
      onOpen?.(opens > 0);
      opens += 1;
    };
    ws.onmessage = (event: MessageEvent) => {
      if (stopped || current !== ws || typeof event.data !== 'string') return;
      let json: unknown;
      try {
        json = JSON.parse(event.data);
      } catch {
        json = event.data;
      }
      const frame = schema.safeParse(json);
      if (frame.success) onFrame(frame.data);
      else console.info(`${name} frame ignored: it does not match the protocol`, frame.error.issues);
    };
    ws.onclose = (event: CloseEvent) => {
      if (stopped || current !== ws) return;
      current = null;
      const delay = onClose(event);
      if (delay !== null) timer = setTimeout(connect, delay);
      else ended = true;
    };
  };
  connect();

  /** The connection may be dead without knowing it: an open one is replaced, a waiting one tries now. */
  const renew = () => {
    if (stopped || ended || current?.readyState === WebSocket.CONNECTING) return;
    clearTimeout(timer);
    const ws = current;
    current = null;
    if (ws?.readyState === WebSocket.OPEN) ws.close(1000);
    connect();
  };
  let lastTick = Date.now();
  const wakeWatch = setInterval(() => {
    const now = Date.now();
    const gap = now - lastTick;
    lastTick = now;
    if (gap > WAKE_GAP_MS) renew();
  }, WAKE_TICK_MS);
  network?.addEventListener('online', renew);

  const openSocket = () => (current?.readyState === WebSocket.OPEN ? current : null);
  return {
    send(frame) {
      const ws = openSocket();
      if (!ws) return false;
      ws.send(JSON.stringify(frame));
      return true;
    },
    isOpen: () => openSocket() !== null,
    stop() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(wakeWatch);
      network?.removeEventListener('online', renew);
      const ws = current;
      current = null;
      if (!ws) return;
      if (ws.readyState === WebSocket.CONNECTING) ws.onopen = () => ws.close(1000);
      else if (ws.readyState === WebSocket.OPEN) ws.close(1000);
    },
  };
}
