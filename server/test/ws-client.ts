import WebSocket from 'ws';
import type { TestClient } from './http-client';

export interface Frame {
  type?: string;
  error?: string;
  [key: string]: unknown;
}

/** A live room socket for tests: frames are collected; `next` waits for one that matches. */
export class TestSocket {
  readonly frames: Frame[] = [];
  private waiters: Array<() => void> = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly opened: Promise<void>;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()) as Frame);
      this.wake();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      this.wake();
    }));
    this.opened = new Promise((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    this.opened.catch(() => {});
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  send(frame: unknown) {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first collected frame (removed) matching `match`, waiting up to `timeoutMs`. */
  async next(match: (f: Frame) => boolean = () => true, timeoutMs = 3000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.frames.findIndex(match);
      if (i >= 0) return this.frames.splice(i, 1)[0]!;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Asserts nothing matching arrives within `ms`. */
  async nothing(match: (f: Frame) => boolean, ms = 300): Promise<boolean> {
    await new Promise((r) => setTimeout(r, ms));
    return !this.frames.some(match);
  }

  close() {
    this.ws.close();
    return this.closed;
  }
}

/** Opens `/ws/room/{room}/` with the client's cookies and (unless told otherwise) a same-site Origin. */
export function openRoomSocket(baseUrl: string, client: TestClient | null, room: string | number, opts: { origin?: string | null } = {}): TestSocket {
  const headers: Record<string, string> = {};
  if (client && client.cookies.size > 0) headers.cookie = client.cookieHeader;
  const origin = opts.origin === undefined ? baseUrl : opts.origin;
  if (origin !== null) headers.origin = origin;
  const url = `${baseUrl.replace(/^http/, 'ws')}/ws/room/${encodeURIComponent(String(room))}/`;
  return new TestSocket(new WebSocket(url, { headers }));
}

/** Opens a socket and waits until the server has subscribed it (a refused frame round-trips). */
export async function openReadySocket(baseUrl: string, client: TestClient, room: string | number): Promise<TestSocket> {
  const socket = openRoomSocket(baseUrl, client, room);
  await socket.opened;
  socket.send({ action: 'ready?' });
  await socket.next((f) => f.error !== undefined);
  return socket;
}
