/**
 * One live connection that comes back by itself: the room's, the notifications' and the
 * presence sockets all run on this (docs/architecture.md). It parses every frame against the
 * protocol's schema (a frame of another server version is logged and ignored), asks the caller
 * after each close whether and when to connect again, and closes cleanly when stopped (a socket
 * still connecting is closed once open: closing it earlier makes the browser log an error).
 */
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
}: LiveSocketOptions<Frame>): LiveSocket {
  let stopped = false;
  let opens = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: WebSocket | null = null;

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
    };
  };
  connect();

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
      const ws = current;
      current = null;
      if (!ws) return;
      if (ws.readyState === WebSocket.CONNECTING) ws.onopen = () => ws.close(1000);
      else if (ws.readyState === WebSocket.OPEN) ws.close(1000);
    },
  };
}
