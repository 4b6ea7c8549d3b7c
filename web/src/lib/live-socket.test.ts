import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openLiveSocket, WAKE_GAP_MS } from './live-socket';

class FakeSocket {
  readyState: number = WebSocket.CONNECTING;
  sent: string[] = [];
  closed: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  open() {
    this.readyState = WebSocket.OPEN;
    this.onopen?.();
  }
  receive(data: string) {
    this.onmessage?.({ data });
  }
  drop(code = 1006) {
    this.readyState = WebSocket.CLOSED;
    this.onclose?.({ code });
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code: number) {
    this.closed = code;
    this.readyState = WebSocket.CLOSED;
  }
}

/** Accepts `{n: number}` frames only, as a protocol schema would. */
const schema = {
  safeParse: (data: unknown) =>
    typeof data === 'object' && data !== null && typeof (data as { n?: unknown }).n === 'number'
      ? { success: true as const, data: data as { n: number } }
      : { success: false as const, error: { issues: ['not a frame'] } },
};

describe('openLiveSocket', () => {
  let sockets: FakeSocket[];
  let network: EventTarget;
  const open = (onClose: (e: CloseEvent) => number | null) => {
    const frames: number[] = [];
    const opens: boolean[] = [];
    const socket = openLiveSocket({
      url: 'ws://test/',
      schema,
      name: 'Test',
      onFrame: (f) => frames.push(f.n),
      onOpen: (again) => opens.push(again),
      onClose,
      network,
      createSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s as unknown as WebSocket;
      },
    });
    return { socket, frames, opens };
  };
  beforeEach(() => {
    sockets = [];
    network = new EventTarget();
    vi.useFakeTimers();
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('passes on the frames the schema accepts, and sends only while open', () => {
    const { socket, frames } = open(() => null);
    expect(socket.send({ n: 1 })).toBe(false);
    sockets[0]!.open();
    sockets[0]!.receive(JSON.stringify({ n: 7 }));
    sockets[0]!.receive('not json');
    sockets[0]!.receive(JSON.stringify({ other: true }));
    expect(frames).toEqual([7]);
    expect(socket.send({ n: 1 })).toBe(true);
    expect(sockets[0]!.sent).toEqual(['{"n":1}']);
    expect(console.info).toHaveBeenCalledTimes(2);
  });

  it('connects again after the delay the caller gives, and not when it gives none', () => {
    const codes: number[] = [];
    const { socket, opens } = open((e) => (codes.push(e.code), e.code === 4001 ? null : 3000));
    sockets[0]!.open();
    sockets[0]!.drop();
    vi.advanceTimersByTime(2999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(opens).toEqual([false, true]);
    expect(socket.isOpen()).toBe(true);
    sockets[1]!.drop(4001);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
    expect(codes).toEqual([1006, 4001]);
  });

  it('stops cleanly: a connecting socket is closed once open, and nothing reconnects', () => {
    const { socket, opens } = open(() => 1000);
    socket.stop();
    expect(sockets[0]!.closed).toBeNull();
    sockets[0]!.open();
    expect(sockets[0]!.closed).toBe(1000);
    expect(opens).toEqual([]);
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);
  });

  it('replaces an open socket when the network comes back: it may have died unseen', () => {
    const { socket, opens } = open(() => 3000);
    sockets[0]!.open();
    network.dispatchEvent(new Event('online'));
    expect(sockets[0]!.closed).toBe(1000);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    // The caller hears a reconnect, and reads again what it may have missed.
    expect(opens).toEqual([false, true]);
    expect(socket.isOpen()).toBe(true);
    // The old socket's own close, when it comes, changes nothing.
    sockets[0]!.drop();
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(2);
  });

  it('tries at once when the network comes back during a back-off, and never after a refusal', () => {
    open((e) => (e.code === 4001 ? null : 15_000));
    sockets[0]!.open();
    sockets[0]!.drop();
    network.dispatchEvent(new Event('online'));
    expect(sockets).toHaveLength(2);
    // Still connecting: that attempt is left to finish.
    network.dispatchEvent(new Event('online'));
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(15_000);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    sockets[1]!.drop(4001);
    network.dispatchEvent(new Event('online'));
    vi.advanceTimersByTime(WAKE_GAP_MS * 2);
    expect(sockets).toHaveLength(2);
  });

  it('replaces an open socket after the page was frozen longer than the server waits, not before', () => {
    const { opens } = open(() => 3000);
    sockets[0]!.open();
    vi.advanceTimersByTime(10 * 60_000);
    expect(sockets).toHaveLength(1);
    // The computer sleeps: no timer runs, the clock moves on.
    vi.setSystemTime(Date.now() + WAKE_GAP_MS + 1_000);
    vi.advanceTimersByTime(10_000);
    expect(sockets[0]!.closed).toBe(1000);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(opens).toEqual([false, true]);
  });

  it('stops listening when stopped', () => {
    const { socket } = open(() => 3000);
    sockets[0]!.open();
    socket.stop();
    network.dispatchEvent(new Event('online'));
    vi.setSystemTime(Date.now() + WAKE_GAP_MS * 2);
    vi.advanceTimersByTime(20_000);
    expect(sockets).toHaveLength(1);
  });
});
