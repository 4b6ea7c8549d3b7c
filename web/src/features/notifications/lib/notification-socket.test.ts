import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startNotificationSocket } from './notification-socket';

class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  closed: number | null = null;
  constructor(readonly url: string) {}
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  close(code: number) {
    this.closed = code;
    this.readyState = 3;
  }
}

describe('startNotificationSocket', () => {
  let sockets: FakeSocket[];
  const create = (url: string) => {
    const s = new FakeSocket(url);
    sockets.push(s);
    return s as unknown as WebSocket;
  };

  beforeEach(() => {
    sockets = [];
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** Delays between a failed attempt and the next one, for `n` failures in a row. */
  function failures(n: number): number[] {
    const delays: number[] = [];
    for (let i = 0; i < n; i += 1) {
      const before = sockets.length;
      sockets.at(-1)!.drop();
      let waited = 0;
      while (sockets.length === before) {
        vi.advanceTimersByTime(500);
        waited += 500;
      }
      delays.push(waited);
    }
    return delays;
  }

  it('backs off 1, 2, 4, 8, 15, 15 s and resets when a connection opens', () => {
    const stop = startNotificationSocket({
      url: 'ws://x/ws/notifications/',
      onMessage: () => undefined,
      createSocket: create,
    });
    expect(failures(7)).toEqual([1000, 2000, 4000, 8000, 15000, 15000, 15000]);
    sockets.at(-1)!.open();
    expect(failures(2)).toEqual([1000, 2000]);
    stop();
  });

  it('resets the step on an init frame and hands frames over', () => {
    const frames: unknown[] = [];
    const stop = startNotificationSocket({
      url: 'u',
      onMessage: (f) => frames.push(f),
      createSocket: create,
    });
    failures(3);
    sockets.at(-1)!.receive({ type: 'notification.init', unread: {}, unread_count: 2, notifications: [] });
    sockets.at(-1)!.receive({ type: 'something.else' });
    expect(frames).toHaveLength(1);
    expect(failures(1)).toEqual([1000]);
    stop();
  });

  it('stops reconnecting once stopped and closes an open socket', () => {
    const onNotLoggedIn = vi.fn();
    const stop = startNotificationSocket({
      url: 'u',
      onMessage: () => undefined,
      onNotLoggedIn,
      createSocket: create,
    });
    sockets[0]!.drop(4001);
    expect(onNotLoggedIn).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    stop();
    expect(sockets[1]!.closed).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
  });
});
