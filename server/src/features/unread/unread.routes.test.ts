import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createPrivateRoom, createRoom } from '../../../test/factories';
import { newUser, TestClient } from '../../../test/http-client';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';

type Notification = { kind: string; room: number | null; message_id: number | null };

describe.each(DIALECTS)('unread markers and notification levels on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { MESSAGE_RATE_LIMIT: '1000/100' });
  });
  afterAll(async () => server?.close());

  const send = async (client: TestClient, room: number, content: string, extra: object = {}) => {
    const res = await client.post(`/api/rooms/${room}/messages/`, { content, ...extra });
    expect(res.status).toBe(201);
    return res.json.id as number;
  };
  const mentionOf = (username: string) => ({ mentions: [{ username, start: 0, end: username.length + 1 }] });
  const detail = async (client: TestClient, room: number) => (await client.get(`/api/rooms/${room}/`)).json;
  const readState = async (client: TestClient, room: number) => (await detail(client, room)).read_state;
  const notificationsOf = async (client: TestClient) =>
    (await client.get('/api/notifications/')).json.notifications as Notification[];
  const setLevel = (client: TestClient, room: number, level: string) =>
    client.post(`/api/rooms/${room}/notification-level/`, { level });

  it('answers 401 when logged out', async () => {
    const anon = new TestClient(server.baseUrl);
    await anon.csrf();
    const room = await createRoom(server.ctx);
    expect((await anon.post(`/api/rooms/${room.id}/read/`, { last_read_id: 1 })).status).toBe(401);
    expect((await setLevel(anon, room.id, 'mute')).status).toBe(401);
  });

  it('counts messages by others after the marker, and mentions of the reader among them', async () => {
    const [alice, bob] = [await newUser(server, 'alice'), await newUser(server, 'bob')];
    const room = await createPrivateRoom(server.ctx, alice.name, [bob.name]);
    await send(alice.client, room.id, 'one');
    await send(alice.client, room.id, `@${bob.name} two`, mentionOf(bob.name));
    await send(bob.client, room.id, 'my own message never counts');
    await send(alice.client, room.id, 'three');
    expect(await readState(bob.client, room.id)).toEqual({
      unread: 3,
      mentions: 1,
      last_read_id: 0,
      notification_level: 'mentions',
    });
    expect(await readState(alice.client, room.id)).toMatchObject({ unread: 1, mentions: 0 });
  });

  it('moves the marker forward only, never past the newest message, and recounts', async () => {
    const [alice, bob] = [await newUser(server, 'alice'), await newUser(server, 'bob')];
    const room = await createPrivateRoom(server.ctx, alice.name, [bob.name]);
    const first = await send(alice.client, room.id, 'one');
    const second = await send(alice.client, room.id, `@${bob.name} two`, mentionOf(bob.name));
    const third = await send(alice.client, room.id, 'three');
    const read = await bob.client.post(`/api/rooms/${room.id}/read/`, { last_read_id: second });
    expect(read.status).toBe(200);
    expect(read.json).toEqual({ last_read_id: second, unread: 1, mentions: 0 });
    const back = await bob.client.post(`/api/rooms/${room.id}/read/`, { last_read_id: first });
    expect(back.json).toEqual({ last_read_id: second, unread: 1, mentions: 0 });
    const past = await bob.client.post(`/api/rooms/${room.id}/read/`, { last_read_id: third + 1000 });
    expect(past.json).toEqual({ last_read_id: third, unread: 0, mentions: 0 });
    expect(await readState(bob.client, room.id)).toMatchObject({ last_read_id: third, unread: 0 });
  });

  it('rejects a marker that is not a positive message id', async () => {
    const alice = await newUser(server, 'alice');
    const room = await createPrivateRoom(server.ctx, alice.name);
    for (const body of [{}, { last_read_id: 0 }, { last_read_id: 'x' }, { last_read_id: 1, extra: 1 }])
      expect((await alice.client.post(`/api/rooms/${room.id}/read/`, body)).status).toBe(400);
    expect((await setLevel(alice.client, room.id, 'loud')).status).toBe(400);
  });

  it('caps the counts at 100', async () => {
    const [alice, bob] = [await newUser(server, 'alice'), await newUser(server, 'bob')];
    const room = await createPrivateRoom(server.ctx, alice.name, [bob.name]);
    for (let i = 0; i < 101; i++) await send(alice.client, room.id, `message ${i}`);
    expect(await readState(bob.client, room.id)).toMatchObject({ unread: 100 });
  });

  it('starts a new member with everything read, and lists read states only for rooms one belongs to', async () => {
    const [alice, bob] = [await newUser(server, 'alice'), await newUser(server, 'bob')];
    const room = await createRoom(server.ctx, { is_write_gated: 0 });
    const other = await createRoom(server.ctx);
    const last = await send(alice.client, room.id, 'before bob joined');
    const joined = await bob.client.post(`/api/rooms/${room.id}/join/`, {});
    expect(joined.status).toBe(200);
    expect(joined.json.read_state).toEqual({
      unread: 0,
      mentions: 0,
      last_read_id: last,
      notification_level: 'mentions',
    });
    await send(alice.client, room.id, 'after bob joined');
    const list = (await bob.client.get('/api/rooms/?parent=root&kind=public')).json.rooms as Array<{
      id: number;
      read_state?: unknown;
    }>;
    expect(list.find((r) => r.id === room.id)?.read_state).toEqual({ unread: 1, mentions: 0 });
    expect(list.find((r) => r.id === other.id)).not.toHaveProperty('read_state');
    // The sidebar's whole tree reads them the same way.
    const tree = (await bob.client.get('/api/rooms/?scope=tree')).json.rooms as typeof list;
    expect(tree.find((r) => r.id === room.id)?.read_state).toEqual({ unread: 1, mentions: 0 });
    expect(tree.find((r) => r.id === other.id)).not.toHaveProperty('read_state');
    expect(await detail(bob.client, other.id)).not.toHaveProperty('read_state');
  });

  it('starts a member who joins by writing with the history before the join read', async () => {
    const [alice, bob] = [await newUser(server, 'alice'), await newUser(server, 'bob')];
    const room = await createRoom(server.ctx, { is_write_gated: 1 });
    await send(alice.client, room.id, 'one');
    await send(alice.client, room.id, `@${bob.name} two`, mentionOf(bob.name));
    await send(bob.client, room.id, 'hello, I am new here');
    expect(await readState(bob.client, room.id)).toMatchObject({ unread: 0, mentions: 0 });
    await send(alice.client, room.id, 'welcome');
    expect(await readState(bob.client, room.id)).toMatchObject({ unread: 1, mentions: 0 });
  });

  it('answers 404 for a room one cannot read and 403 to a reader who is not a member', async () => {
    const [alice, mallory] = [await newUser(server, 'alice'), await newUser(server, 'mallory')];
    const secret = await createPrivateRoom(server.ctx, alice.name);
    const id = await send(alice.client, secret.id, 'secret');
    expect((await mallory.client.post(`/api/rooms/${secret.id}/read/`, { last_read_id: id })).status).toBe(
      404,
    );
    expect((await setLevel(mallory.client, secret.id, 'mute')).status).toBe(404);
    expect((await mallory.client.post('/api/rooms/999999999/read/', { last_read_id: id })).status).toBe(404);
    const open = await createRoom(server.ctx);
    expect((await mallory.client.post(`/api/rooms/${open.id}/read/`, { last_read_id: id })).status).toBe(403);
    expect((await setLevel(mallory.client, open.id, 'all')).status).toBe(403);
    expect(await readState(alice.client, secret.id)).toMatchObject({ notification_level: 'mentions' });
  });

  it('sends no notification for a mention in a muted room', async () => {
    const [alice, bob] = [await newUser(server, 'alice'), await newUser(server, 'bob')];
    const room = await createRoom(server.ctx);
    await addMember(server.ctx, room.id, bob.name);
    const muted = await setLevel(bob.client, room.id, 'mute');
    expect(muted.json).toEqual({ room: room.id, notification_level: 'mute' });
    await send(alice.client, room.id, `@${bob.name} are you there?`, mentionOf(bob.name));
    expect(await notificationsOf(bob.client)).toEqual([]);
    expect(await readState(bob.client, room.id)).toMatchObject({ mentions: 1, notification_level: 'mute' });
  });

  it('sends no notification for a plain message at mentions only, even in a group', async () => {
    const [alice, bob] = [await newUser(server, 'alice'), await newUser(server, 'bob')];
    const group = await createPrivateRoom(server.ctx, alice.name, [bob.name], { kind: 'group' });
    expect((await setLevel(bob.client, group.id, 'mentions')).status).toBe(200);
    await send(alice.client, group.id, 'a plain message');
    expect(await notificationsOf(bob.client)).toEqual([]);
    const id = await send(alice.client, group.id, `@${bob.name} but this one`, mentionOf(bob.name));
    expect((await notificationsOf(bob.client)).map((n) => [n.kind, n.message_id])).toEqual([['mention', id]]);
  });

  it('sends one notification per message of a public room at all, none at the default', async () => {
    const [alice, bob, carol] = [
      await newUser(server, 'alice'),
      await newUser(server, 'bob'),
      await newUser(server, 'carol'),
    ];
    const room = await createRoom(server.ctx);
    await addMember(server.ctx, room.id, bob.name);
    await addMember(server.ctx, room.id, carol.name);
    expect(await readState(carol.client, room.id)).toMatchObject({ notification_level: 'mentions' });
    expect((await setLevel(bob.client, room.id, 'all')).status).toBe(200);
    const id = await send(alice.client, room.id, 'hello everyone');
    expect(await notificationsOf(bob.client)).toMatchObject([
      { kind: 'room_message', room: room.id, message_id: id },
    ]);
    expect(await notificationsOf(carol.client)).toEqual([]);
    expect(await notificationsOf(alice.client)).toEqual([]);
  });
});
