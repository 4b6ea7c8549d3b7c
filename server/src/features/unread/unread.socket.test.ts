import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNREAD_LIMITS } from '@studium/protocol';
import { addMember, createPrivateRoom, createRoom } from '../../../test/factories';
import { newUser, TestClient } from '../../../test/http-client';
import { openReadyNotificationSocket } from '../../../test/notification-socket';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';
import type { Frame, TestSocket } from '../../../test/ws-client';

const INTERVAL = UNREAD_LIMITS.liveIntervalMs;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The `read_state` frames of one room, each with when it arrived. */
function recordReadStates(socket: TestSocket, room: number) {
  const seen: Array<{ at: number; frame: Frame }> = [];
  socket.ws.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as Frame;
    if (frame.type === 'read_state' && frame.room === room) seen.push({ at: Date.now(), frame });
  });
  return seen;
}

describe.each(DIALECTS)('live read state on the notification socket on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { MESSAGE_RATE_LIMIT: '1000/100' });
  });
  afterAll(async () => server?.close());

  const send = async (client: TestClient, room: number, content: string, mention?: string) => {
    const extra = mention ? { mentions: [{ username: mention, start: 0, end: mention.length + 1 }] } : {};
    const res = await client.post(`/api/rooms/${room}/messages/`, { content, ...extra });
    expect(res.status).toBe(201);
    return res.json.id as number;
  };
  const readStateOf = (room: number) => (f: Frame) => f.type === 'read_state' && f.room === room;

  it("sends a member the room's new counts after another user's message, and after their own marker moves", async () => {
    const [alice, bob] = [await newUser(server, 'alice'), await newUser(server, 'bob')];
    const room = await createPrivateRoom(server.ctx, alice.name, [bob.name]);
    const { socket } = await openReadyNotificationSocket(server.baseUrl, bob.client);

    await send(alice.client, room.id, 'hello bob');
    expect(await socket.next(readStateOf(room.id))).toEqual({
      type: 'read_state',
      room: room.id,
      read_state: { unread: 1, mentions: 0, last_read_id: 0 },
      message_count: 1,
      last_message_at: expect.any(String),
    });

    const mention = await send(alice.client, room.id, `@${bob.name} look`, bob.name);
    expect(await socket.next(readStateOf(room.id), INTERVAL + 3000)).toMatchObject({
      read_state: { unread: 2, mentions: 1, last_read_id: 0 },
      message_count: 2,
      last_message_at: expect.any(String),
    });

    // Another tab of bob's reads the room: this socket hears the counts it leaves.
    const otherTab = new TestClient(server.baseUrl);
    for (const [k, v] of bob.client.cookies) otherTab.cookies.set(k, v);
    const read = await otherTab.post(`/api/rooms/${room.id}/read/`, { last_read_id: mention });
    expect(read.json).toEqual({ last_read_id: mention, unread: 0, mentions: 0 });
    expect(await socket.next(readStateOf(room.id), INTERVAL + 3000)).toEqual({
      type: 'read_state',
      room: room.id,
      read_state: { unread: 0, mentions: 0, last_read_id: mention },
      message_count: expect.any(Number),
      last_message_at: expect.any(String),
    });
    // A report that does not move the marker is no news.
    await otherTab.post(`/api/rooms/${room.id}/read/`, { last_read_id: mention });
    await sleep(INTERVAL + 300);
    expect(await socket.nothing(readStateOf(room.id))).toBe(true);
    await socket.close();
  });

  it('sends nothing to a non-member, nor to the author about their own message; a muted member still gets counts', async () => {
    const [alice, bob, carol] = [
      await newUser(server, 'alice'),
      await newUser(server, 'bob'),
      await newUser(server, 'carol'),
    ];
    const room = await createRoom(server.ctx);
    await addMember(server.ctx, room.id, alice.name);
    await addMember(server.ctx, room.id, bob.name);
    expect(
      (await bob.client.post(`/api/rooms/${room.id}/notification-level/`, { level: 'mute' })).status,
    ).toBe(200);
    const bobSocket = (await openReadyNotificationSocket(server.baseUrl, bob.client)).socket;
    const aliceSocket = (await openReadyNotificationSocket(server.baseUrl, alice.client)).socket;
    // carol reads the public room but does not belong to it.
    const carolSocket = (await openReadyNotificationSocket(server.baseUrl, carol.client)).socket;
    expect((await carol.client.get(`/api/rooms/${room.id}/`)).status).toBe(200);

    await send(alice.client, room.id, `@${bob.name} are you there?`, bob.name);
    expect(await bobSocket.next(readStateOf(room.id))).toMatchObject({
      read_state: { unread: 1, mentions: 1 },
    });
    await sleep(200);
    expect(await carolSocket.nothing((f) => f.type === 'read_state')).toBe(true);
    expect(await aliceSocket.nothing((f) => f.type === 'read_state')).toBe(true);
    await Promise.all([bobSocket.close(), aliceSocket.close(), carolSocket.close()]);
  });

  it('gives each member of a room their own counts when one message reaches them all at once', async () => {
    const [alice, bob, carol, dave] = [
      await newUser(server, 'alice'),
      await newUser(server, 'bob'),
      await newUser(server, 'carol'),
      await newUser(server, 'dave'),
    ];
    const room = await createPrivateRoom(server.ctx, alice.name, [bob.name, carol.name, dave.name]);
    const first = await send(alice.client, room.id, 'first');
    expect((await bob.client.post(`/api/rooms/${room.id}/read/`, { last_read_id: first })).status).toBe(200);
    // dave blocked alice: her mention of him is no mention to him (docs/blocks.md).
    expect((await dave.client.post(`/api/users/${alice.name}/block/`)).status).toBe(200);
    const sockets = await Promise.all(
      [bob, carol, dave].map(
        async (u) => (await openReadyNotificationSocket(server.baseUrl, u.client)).socket,
      ),
    );
    await sleep(INTERVAL + 100);
    const content = `@${carol.name} @${dave.name} second`;
    const mentions = [
      { username: carol.name, start: 0, end: carol.name.length + 1 },
      { username: dave.name, start: carol.name.length + 2, end: carol.name.length + dave.name.length + 3 },
    ];
    expect((await alice.client.post(`/api/rooms/${room.id}/messages/`, { content, mentions })).status).toBe(
      201,
    );
    const [forBob, forCarol, forDave] = await Promise.all(
      sockets.map((socket) => socket.next(readStateOf(room.id), INTERVAL + 3000)),
    );
    expect(forBob).toMatchObject({
      read_state: { unread: 1, mentions: 0, last_read_id: first },
      message_count: 2,
    });
    expect(forCarol).toMatchObject({
      read_state: { unread: 2, mentions: 1, last_read_id: 0 },
      message_count: 2,
    });
    expect(forDave).toMatchObject({
      read_state: { unread: 2, mentions: 0, last_read_id: 0 },
      message_count: 2,
    });
    await Promise.all(sockets.map((socket) => socket.close()));
  });

  it('coalesces a burst into at most one frame per room a second, the last one with the final counts', async () => {
    const [alice, bob] = [await newUser(server, 'alice'), await newUser(server, 'bob')];
    const room = await createPrivateRoom(server.ctx, alice.name, [bob.name]);
    const { socket } = await openReadyNotificationSocket(server.baseUrl, bob.client);
    const seen = recordReadStates(socket, room.id);
    const started = Date.now();
    for (let i = 0; i < 12; i++) await send(alice.client, room.id, `burst ${i}`);
    const sending = Date.now() - started;
    await expect
      .poll(() => seen.at(-1)?.frame.read_state, { timeout: INTERVAL * 3 })
      .toMatchObject({
        unread: 12,
      });
    await sleep(INTERVAL + 300);
    // A leading frame, then at most one per interval while the burst lasts, then one trailing.
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen.length).toBeLessThanOrEqual(2 + Math.floor(sending / INTERVAL));
    for (let i = 1; i < seen.length; i++)
      expect(seen[i]!.at - seen[i - 1]!.at).toBeGreaterThanOrEqual(INTERVAL - 50);
    expect(seen.at(-1)!.frame.read_state).toEqual({ unread: 12, mentions: 0, last_read_id: 0 });
    await socket.close();
  });
});
