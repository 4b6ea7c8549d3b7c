import { describe, expect, it, vi } from 'vitest';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { createMemoryBus, type Bus } from './bus';
import { presenceTopic, roomTopic, userTopic } from './events';
import { Hub, textFrame, type LiveSocket } from './hub';

const log = { warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;

function fakeSocket(
  userId: number,
  roomId: number,
  sessionId = userId,
  bufferedAmount = 0,
): LiveSocket & { sent: string[] } {
  const sent: string[] = [];
  const ws = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount,
    send: vi.fn((d: Buffer | string) => sent.push(d.toString())),
    terminate: vi.fn(),
    close: vi.fn(),
  };
  return {
    ws: ws as unknown as WebSocket,
    sent,
    userId,
    username: `user${userId}`,
    sessionId,
    token: 't',
    sessionCheckedAt: 0,
    roomId,
    isAlive: true,
    queue: Promise.resolve(),
    frameWindowStart: 0,
    frameCount: 0,
    refusedCount: 0,
  };
}

const frame = { type: 'reaction' as const, id: 1, reactions: { '👍': 1 } };

describe('hub', () => {
  it('delivers a room event to that room only, echoing client_id to the author alone', async () => {
    const bus = createMemoryBus();
    const hub = new Hub(bus, log);
    const [author, peer, elsewhere] = [fakeSocket(1, 10), fakeSocket(2, 10), fakeSocket(3, 11)];
    for (const s of [author, peer, elsewhere]) await hub.add(s);
    await bus.publish(roomTopic(10), { kind: 'room', room_id: 10, frame, author_id: 1, client_id: 'k' });
    expect(JSON.parse(author.sent[0]!)).toEqual({ ...frame, client_id: 'k' });
    expect(JSON.parse(peer.sent[0]!)).toEqual(frame);
    expect(elsewhere.sent).toEqual([]);
  });

  it("gives each socket a new message with its own reader's rights: the author's from the event, others' from their socket", async () => {
    const bus = createMemoryBus();
    const hub = new Hub(bus, log);
    const owner = { ...fakeSocket(2, 10), othersMessages: { can_edit: false, can_delete: true } };
    const reader = { ...fakeSocket(3, 10), othersMessages: { can_edit: false, can_delete: false } };
    const [author, authorElsewhere] = [fakeSocket(1, 10), fakeSocket(1, 10, 9)];
    for (const s of [author, authorElsewhere, owner, reader]) await hub.add(s);
    const message = {
      type: 'message' as const,
      id: 5,
      username: 'user1',
      message: 'hi',
      timestamp: '2026-01-01T00:00:00.000Z',
      reply_to: null,
      reactions: {},
      edited_at: null,
      edit_count: 0,
      is_bot: false,
    };
    const rights = { can_edit: true, can_delete: true };
    await bus.publish(roomTopic(10), {
      kind: 'room',
      room_id: 10,
      frame: message,
      author_id: 1,
      client_id: 'k',
      author_rights: rights,
    });
    expect(JSON.parse(author.sent[0]!)).toEqual({ ...message, ...rights, client_id: 'k' });
    expect(JSON.parse(authorElsewhere.sent[0]!)).toEqual({ ...message, ...rights, client_id: 'k' });
    expect(JSON.parse(owner.sent[0]!)).toEqual({ ...message, can_edit: false, can_delete: true });
    expect(JSON.parse(reader.sent[0]!)).toEqual({ ...message, can_edit: false, can_delete: false });
  });

  it('skips every socket of the users a room event names in except_user_ids, and only theirs', async () => {
    const bus = createMemoryBus();
    const hub = new Hub(bus, log);
    const [typist, blocked, blockedTwice, reader] = [
      fakeSocket(1, 10),
      fakeSocket(2, 10),
      fakeSocket(2, 10, 5),
      fakeSocket(3, 10),
    ];
    for (const s of [typist, blocked, blockedTwice, reader]) await hub.add(s);
    const typing = { type: 'typing' as const, username: 'user1' };
    await bus.publish(roomTopic(10), { kind: 'room', room_id: 10, frame: typing, except_user_ids: [2] });
    expect(blocked.sent).toEqual([]);
    expect(blockedTwice.sent).toEqual([]);
    expect(reader.sent.map((d) => JSON.parse(d))).toEqual([typing]);
    expect(typist.sent.map((d) => JSON.parse(d))).toEqual([typing]);
  });

  it('cuts off a slow consumer instead of buffering without end', async () => {
    const hub = new Hub(createMemoryBus(), log);
    const slow = fakeSocket(1, 10, 1, 2 * 1024 * 1024);
    await hub.add(slow);
    hub.send(slow, frame);
    expect(slow.ws.terminate).toHaveBeenCalled();
    expect(slow.ws.send).not.toHaveBeenCalled();
    expect(hub.size).toBe(0);
  });

  it('closes the sockets of an ended session with 4001, and only those', async () => {
    const bus = createMemoryBus();
    const hub = new Hub(bus, log);
    const [a, b] = [fakeSocket(1, 10, 100), fakeSocket(1, 11, 200)];
    await hub.add(a);
    await hub.add(b);
    await bus.publish('user:1', { kind: 'session_ended', user_id: 1, session_id: 100 });
    expect(a.ws.close).toHaveBeenCalledWith(4001, 'Session ended');
    expect(b.ws.close).not.toHaveBeenCalled();
  });

  it('subscribes a topic on its first local socket and unsubscribes after its last', async () => {
    const bus: Bus = {
      ...createMemoryBus(),
      subscribe: vi.fn(async () => {}),
      unsubscribe: vi.fn(async () => {}),
    };
    const hub = new Hub(bus, log);
    const [a, b] = [fakeSocket(1, 10), fakeSocket(2, 10)];
    await hub.add(a);
    await hub.add(b);
    expect(bus.subscribe).toHaveBeenCalledWith('room:10');
    expect(vi.mocked(bus.subscribe).mock.calls.filter(([t]) => t === 'room:10')).toHaveLength(1);
    hub.remove(a);
    expect(bus.unsubscribe).not.toHaveBeenCalledWith('room:10');
    hub.remove(b);
    expect(bus.unsubscribe).toHaveBeenCalledWith('room:10');
    expect(hub.countForUser(2)).toBe(0);
  });

  it('writes the room frames of one tick to a connection at once: corked once, uncorked after the tick', async () => {
    const bus = createMemoryBus();
    const hub = new Hub(bus, log);
    const [a, b] = [fakeSocket(1, 10), fakeSocket(2, 10)];
    const connections = [a, b].map((live) => {
      const connection = { cork: vi.fn(), uncork: vi.fn(), written: [] as Buffer[] };
      live.connection = Object.assign(connection, {
        write: (chunk: Buffer) => connection.written.push(chunk),
      }) as unknown as Socket;
      return connection;
    });
    await hub.add(a);
    await hub.add(b);
    void bus.publish(roomTopic(10), { kind: 'room', room_id: 10, frame, author_id: 1 });
    void bus.publish(roomTopic(10), { kind: 'room', room_id: 10, frame: { ...frame, id: 2 }, author_id: 2 });
    // Framed once for every socket, written straight to the connection as whole WebSocket frames.
    const written = connections[0]!.written.map((chunk) => JSON.parse(chunk.subarray(2).toString()));
    expect(written.map((f: { id: number }) => f.id)).toEqual([frame.id, 2]);
    expect(connections[0]!.written.every((chunk) => chunk[0] === 0x81)).toBe(true);
    for (const connection of connections) {
      expect(connection.cork).toHaveBeenCalledTimes(1);
      expect(connection.uncork).not.toHaveBeenCalled();
    }
    await new Promise((resolve) => process.nextTick(resolve));
    for (const connection of connections) expect(connection.uncork).toHaveBeenCalledTimes(1);
    // The next tick corks afresh.
    void bus.publish(roomTopic(10), { kind: 'room', room_id: 10, frame, author_id: 1 });
    expect(connections[0]!.cork).toHaveBeenCalledTimes(2);
  });

  it('while the process is busy, holds a connection corked up to coalesceMs so later commits join the write', async () => {
    const bus = createMemoryBus();
    const load = { busy: true };
    const hub = new Hub(bus, log, { coalesceMs: 40, load });
    const live = fakeSocket(1, 10);
    const connection = { cork: vi.fn(), uncork: vi.fn(), written: [] as Buffer[] };
    live.connection = Object.assign(connection, {
      write: (chunk: Buffer) => connection.written.push(chunk),
    }) as unknown as Socket;
    await hub.add(live);
    const started = performance.now();
    void bus.publish(roomTopic(10), { kind: 'room', room_id: 10, frame, author_id: 2 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    // A later tick's frame (another commit) joins the held write.
    void bus.publish(roomTopic(10), { kind: 'room', room_id: 10, frame: { ...frame, id: 2 }, author_id: 2 });
    expect(connection.cork).toHaveBeenCalledTimes(1);
    expect(connection.uncork).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(connection.uncork).toHaveBeenCalledTimes(1), {
      timeout: 1000,
      interval: 2,
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(30);
    expect(connection.written).toHaveLength(2);
    expect(hub.heldFlushes).toBe(1);
    // Calm again: written after the tick, as without coalescing.
    load.busy = false;
    void bus.publish(roomTopic(10), { kind: 'room', room_id: 10, frame, author_id: 2 });
    await new Promise((resolve) => process.nextTick(resolve));
    expect(connection.uncork).toHaveBeenCalledTimes(2);
    expect(hub.heldFlushes).toBe(1);
  });

  it("reports a user's first socket opening and last closing, not counting presence sockets", async () => {
    const hub = new Hub(createMemoryBus(), log);
    const changes: Array<[number, boolean]> = [];
    hub.onPresenceChange((userId, isConnected) => changes.push([userId, isConnected]));
    const [room, other] = [fakeSocket(1, 10), fakeSocket(1, 11)];
    const watcher = { ...fakeSocket(1, 10), roomId: null, watches: [2] };
    await hub.add(watcher);
    expect(changes).toEqual([]);
    await hub.add(room);
    await hub.add(other);
    hub.remove(room);
    expect(changes).toEqual([[1, true]]);
    hub.remove(other);
    expect(changes).toEqual([
      [1, true],
      [1, false],
    ]);
    expect(hub.connectedUserIds()).toEqual([]);
  });

  it('hands presence hints to the watchers of that user only, and never gives them notifications', async () => {
    const bus = createMemoryBus();
    const hub = new Hub(bus, log);
    const hints: Array<[number, number]> = [];
    hub.onPresenceHint((userId, watchers) => hints.push([userId, watchers.size]));
    const watcher = { ...fakeSocket(1, 10), roomId: null, watches: [2] };
    await hub.add(watcher);
    await bus.publish(presenceTopic(2), { kind: 'presence', user_id: 2 });
    await bus.publish(presenceTopic(3), { kind: 'presence', user_id: 3 });
    await bus.publish(userTopic(1), {
      kind: 'user',
      user_id: 1,
      frame: { type: 'notification.counts', unread: {}, unread_count: 0 },
    });
    expect(hints).toEqual([[2, 1]]);
    expect(watcher.sent).toEqual([]);
    hub.remove(watcher);
    expect(hub.watched().size).toBe(0);
  });
});

describe('textFrame', () => {
  // Sizes at each of the three length encodings' edges (7-bit, 16-bit, 64-bit), read back by `ws`'s own reader.
  it.each([0, 1, 125, 126, 65_535, 65_536, 70_000])(
    'frames a %i-byte payload as ws reads it',
    async (size) => {
      const { Receiver } = (await import('ws')) as unknown as {
        Receiver: new (options: { isServer: boolean }) => NodeJS.WritableStream & {
          on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void;
        };
      };
      const payload = Buffer.from('x'.repeat(size));
      const receiver = new Receiver({ isServer: false });
      const read = new Promise<[Buffer, boolean]>((resolve) =>
        receiver.on('message', (data, isBinary) => resolve([data, isBinary])),
      );
      receiver.write(textFrame(payload));
      const [data, isBinary] = await read;
      expect(isBinary).toBe(false);
      expect(data.equals(payload)).toBe(true);
    },
  );
});
