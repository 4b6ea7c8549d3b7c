import WebSocket from 'ws';
import type { z } from 'zod';
import { CHAT_TEXTS, roomSocketFrame } from '@studium/protocol';
import { expectContract } from './contract';
import type { TestClient } from './http-client';

// Any frame without a known action is answered at once with this error: a round trip that
// proves every frame the server sent before it has arrived.
const BARRIER = { action: 'barrier' };
const isBarrierAnswer = (f: Frame) =>
  f.error === CHAT_TEXTS.chat.unknownAction && Object.keys(f).length === 1;

export interface Frame {
  type?: string;
  error?: string;
  [key: string]: unknown;
}

/**
 * A live socket for tests: frames are collected; `next` waits for one that matches. Each frame
 * is checked against the socket's protocol schema as it arrives; a frame that does not match
 * makes the next `next` or `nothing` throw.
 */
export class TestSocket {
  readonly frames: Frame[] = [];
  private readonly violations: Error[] = [];
  private waiters: Array<() => void> = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly opened: Promise<void>;

  constructor(
    readonly ws: WebSocket,
    schema: z.ZodType = roomSocketFrame,
  ) {
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Frame;
      try {
        expectContract(schema, frame, 'frame');
      } catch (err) {
        this.violations.push(err as Error);
      }
      this.frames.push(frame);
      this.wake();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        this.wake();
      }),
    );
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
      this.throwViolations();
      const i = this.frames.findIndex(match);
      if (i >= 0) return this.frames.splice(i, 1)[0]!;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /**
   * True when nothing matching has arrived: a frame the server answers at once is sent, and the
   * frames received before its answer are checked. Frames published in this process before the
   * call have been written to the socket before that answer.
   */
  async nothing(match: (f: Frame) => boolean): Promise<boolean> {
    this.send(BARRIER);
    await this.next(isBarrierAnswer);
    this.throwViolations();
    return !this.frames.some(match);
  }

  private throwViolations() {
    const [first] = this.violations;
    if (first) throw first;
  }

  close() {
    this.ws.close();
    return this.closed;
  }
}

/** Opens `/ws/room/{room}/` with the client's cookies and (unless told otherwise) a same-site Origin. */
export function openRoomSocket(
  baseUrl: string,
  client: TestClient | null,
  room: string | number,
  opts: { origin?: string | null } = {},
): TestSocket {
  const headers: Record<string, string> = {};
  if (client && client.cookies.size > 0) headers.cookie = client.cookieHeader;
  const origin = opts.origin === undefined ? baseUrl : opts.origin;
  if (origin !== null) headers.origin = origin;
  const url = `${baseUrl.replace(/^http/, 'ws')}/ws/room/${encodeURIComponent(String(room))}/`;
  return new TestSocket(new WebSocket(url, { headers }));
}

/** Opens a socket and waits until the server has subscribed it (a refused frame round-trips). */
export async function openReadySocket(
  baseUrl: string,
  client: TestClient,
  room: string | number,
): Promise<TestSocket> {
  const socket = openRoomSocket(baseUrl, client, room);
  await socket.opened;
  socket.send({ action: 'ready?' });
  await socket.next((f) => f.error !== undefined);
  return socket;
}
