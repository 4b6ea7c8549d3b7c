import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, TestClient, uniqueName } from '../../../test/http-client';
import { openReadyNotificationSocket } from '../../../test/notification-socket';
import { DIALECTS, startServerPairOnRedis, startTestServer, type TestServer } from '../../../test/test-app';
import type { Frame } from '../../../test/ws-client';

const changedOf = (room: number) => (f: Frame) => f.type === 'room_changed' && f.room === room;

describe.each(DIALECTS)('room_changed frames of the notification socket on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => server?.close());

  it('tells both people of a new direct conversation, before its first message, and only once', async () => {
    const [ann, ben, cat] = [
      await newUser(server, 'ann'),
      await newUser(server, 'ben'),
      await newUser(server, 'cat'),
    ];
    const { socket: benSocket } = await openReadyNotificationSocket(server.baseUrl, ben.client);
    const { socket: annSocket } = await openReadyNotificationSocket(server.baseUrl, ann.client);
    const { socket: catSocket } = await openReadyNotificationSocket(server.baseUrl, cat.client);

    const opened = await ann.client.post('/api/dms/', { username: ben.name });
    expect(opened.status).toBe(200);
    const room = opened.json.room as number;
    const frame = { type: 'room_changed', room, change: 'joined', name: expect.stringMatching(/^dm:/) };
    expect(await benSocket.next(changedOf(room))).toEqual(frame);
    // The opener's other tabs gain the row too.
    expect(await annSocket.next(changedOf(room))).toEqual(frame);

    // Opening it again changes nothing: no news.
    expect((await ben.client.post('/api/dms/', { username: ann.name })).json.room).toBe(room);
    expect(await benSocket.nothing(changedOf(room))).toBe(true);
    expect(await catSocket.nothing((f) => f.type === 'room_changed')).toBe(true);
    await Promise.all([annSocket.close(), benSocket.close(), catSocket.close()]);
  });

  it("tells a group's members it was made and renamed, and nobody else", async () => {
    const [ann, ben, cat] = [
      await newUser(server, 'ann'),
      await newUser(server, 'ben'),
      await newUser(server, 'cat'),
    ];
    const { socket: benSocket } = await openReadyNotificationSocket(server.baseUrl, ben.client);
    const { socket: catSocket } = await openReadyNotificationSocket(server.baseUrl, cat.client);

    const made = await ann.client.post('/api/dms/groups/', { name: 'Thesis club', usernames: [ben.name] });
    expect(made.status).toBe(201);
    const room = made.json.room as number;
    expect(await benSocket.next(changedOf(room))).toEqual({
      type: 'room_changed',
      room,
      change: 'joined',
      name: 'Thesis club',
    });

    expect((await ann.client.post(`/api/rooms/${room}/rename/`, { name: 'Thesis crew' })).status).toBe(200);
    expect(await benSocket.next(changedOf(room))).toEqual({
      type: 'room_changed',
      room,
      change: 'renamed',
      name: 'Thesis crew',
    });
    expect(await catSocket.nothing((f) => f.type === 'room_changed')).toBe(true);
    await Promise.all([benSocket.close(), catSocket.close()]);
  });

  it("counts being added to a group on the bell, never as a mention of the group's row", async () => {
    const [ann, ben] = [await newUser(server, 'ann'), await newUser(server, 'ben')];
    const made = await ann.client.post('/api/dms/groups/', { name: 'No mention', usernames: [ben.name] });
    const room = made.json.room as number;

    const list = await ben.client.get('/api/dms/');
    const row = (list.json.conversations as Array<Record<string, unknown>>).find((c) => c.room === room);
    expect(row).toMatchObject({ has_unread_mention: false, mention_unread_count: 0 });
    expect((await ben.client.get('/api/notifications/')).json.unread_count).toBe(1);

    const sent = await ann.client.post(`/api/rooms/${room}/messages/`, { content: 'first words' });
    expect(sent.status).toBe(201);
    const after = await ben.client.get('/api/dms/');
    const next = (after.json.conversations as Array<Record<string, unknown>>).find((c) => c.room === room);
    expect(next).toMatchObject({ has_unread_mention: true, mention_unread_count: 1 });
  });
});

describe('room_changed frames across two servers behind one Redis and one PostgreSQL', () => {
  let pair: Awaited<ReturnType<typeof startServerPairOnRedis>>;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    pair = await startServerPairOnRedis('room_changed');
    ({ a, b } = pair);
  });
  afterAll(async () => pair?.close());

  it('reaches a member on server A when a conversation is made or renamed on server B', async () => {
    const onA = new TestClient(a.baseUrl);
    const onB = new TestClient(b.baseUrl);
    const reader = await onA.signUp(uniqueName('reader'));
    await onB.signUp(uniqueName('maker'));
    const { socket } = await openReadyNotificationSocket(a.baseUrl, onA);

    const dm = (await onB.post('/api/dms/', { username: reader })).json.room as number;
    expect(await socket.next(changedOf(dm), 5000)).toMatchObject({ change: 'joined' });
    const group = (await onB.post('/api/dms/groups/', { name: 'Across', usernames: [reader] })).json
      .room as number;
    expect(await socket.next(changedOf(group), 5000)).toMatchObject({ change: 'joined', name: 'Across' });
    expect((await onB.post(`/api/rooms/${group}/rename/`, { name: 'Across again' })).status).toBe(200);
    expect(await socket.next(changedOf(group), 5000)).toMatchObject({
      change: 'renamed',
      name: 'Across again',
    });
    await socket.close();
  });
});
