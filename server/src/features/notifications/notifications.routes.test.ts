import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrivateRoom, createRoom } from '../../../test/factories';
import { newUser, TestClient } from '../../../test/http-client';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';

type Notification = Record<string, unknown> & { id: number; kind: string; room: number | null };

describe.each(DIALECTS)('notifications on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { MESSAGE_RATE_LIMIT: '1000/100' });
  });
  afterAll(async () => server?.close());

  const notificationsOf = async (client: TestClient) =>
    (await client.get('/api/notifications/')).json.notifications as Notification[];
  const mention = (username: string) => ({ username, start: 0, end: username.length + 1 });
  const send = async (
    client: TestClient,
    room: number,
    content: string,
    extra: Record<string, unknown> = {},
  ) => {
    const res = await client.post(`/api/rooms/${room}/messages/`, { content, ...extra });
    expect(res.status).toBe(201);
    return res.json.id as number;
  };

  it('answers 401 when logged out', async () => {
    const anon = new TestClient(server.baseUrl);
    await anon.csrf();
    expect((await anon.get('/api/notifications/')).status).toBe(401);
    expect((await anon.post('/api/notifications/mark_read/', { all: true })).status).toBe(401);
  });

  it('creates exactly one mention notification for the mentioned user, none for others or the author', async () => {
    const [alice, bob, carol] = [
      await newUser(server, 'alice'),
      await newUser(server, 'bob'),
      await newUser(server, 'carol'),
    ];
    const room = await createRoom(server.ctx);
    await send(carol.client, room.id, 'I am here too');
    const id = await send(alice.client, room.id, `@${bob.name} look at   this`, {
      mentions: [mention(bob.name), mention(bob.name), mention(alice.name)],
    });
    const got = await notificationsOf(bob.client);
    expect(got).toEqual([
      {
        id: expect.any(Number),
        kind: 'mention',
        room: room.id,
        room_name: `Room ${room.path}`,
        message_id: id,
        actor: alice.name,
        text: `@${bob.name} look at this`,
        is_withheld: false,
        created_at: expect.any(String),
        read_at: null,
      },
    ]);
    expect(await notificationsOf(carol.client)).toEqual([]);
    expect(await notificationsOf(alice.client)).toEqual([]);
  });

  it('takes a typed @handle as a mention: it notifies, and the message lists exactly the stored mentions', async () => {
    const [alice, bob, carol] = [
      await newUser(server, 'alice'),
      await newUser(server, 'bob'),
      await newUser(server, 'carol'),
    ];
    const room = await createRoom(server.ctx);
    const res = await alice.client.post(`/api/rooms/${room.id}/messages/`, {
      content: `@${bob.name.toUpperCase()} hi, @nobody_at_all and \`@${carol.name}\``,
    });
    expect(res.status).toBe(201);
    expect(res.json.mentions).toEqual([bob.name]);
    expect((await notificationsOf(bob.client)).map((n) => [n.kind, n.message_id])).toEqual([
      ['mention', res.json.id],
    ]);
    expect(await notificationsOf(carol.client)).toEqual([]);
    const history = await alice.client.get(`/api/rooms/${room.id}/messages/`);
    const messages = history.json.messages as Array<{ mentions?: string[] }>;
    expect(messages.at(-1)?.mentions).toEqual([bob.name]);
  });

  it('does not notify a mentioned user who cannot read the room', async () => {
    const [alice, bob] = [await newUser(server, 'alice'), await newUser(server, 'bob')];
    const room = await createPrivateRoom(server.ctx, alice.name);
    await send(alice.client, room.id, `@${bob.name} secret`, { mentions: [mention(bob.name)] });
    expect(await notificationsOf(bob.client)).toEqual([]);
  });

  it('notifies the author of a replied-to message once, and a mention wins over the reply', async () => {
    const [alice, bob, carol] = [
      await newUser(server, 'alice'),
      await newUser(server, 'bob'),
      await newUser(server, 'carol'),
    ];
    const room = await createRoom(server.ctx);
    const parent = await send(bob.client, room.id, 'question?');
    const reply = await send(alice.client, room.id, 'answer', { reply_to: parent });
    expect(await notificationsOf(bob.client)).toEqual([
      expect.objectContaining({ kind: 'reply', message_id: reply, actor: alice.name }),
    ]);
    await send(alice.client, room.id, `@${bob.name} and again`, {
      reply_to: parent,
      mentions: [mention(bob.name)],
    });
    expect((await notificationsOf(bob.client)).map((n) => n.kind)).toEqual(['mention', 'reply']);
    await send(bob.client, room.id, 'replying to myself', { reply_to: parent });
    expect(await notificationsOf(bob.client)).toHaveLength(2);
    expect(await notificationsOf(carol.client)).toEqual([]);
  });

  it('notifies the other member of a DM, and every other member of a group', async () => {
    const [alice, bob, carol, dave] = [
      await newUser(server, 'alice'),
      await newUser(server, 'bob'),
      await newUser(server, 'carol'),
      await newUser(server, 'dave'),
    ];
    const dm = (await alice.client.post('/api/dms/', { username: bob.name })).json.room as number;
    await send(alice.client, dm, 'psst');
    expect(await notificationsOf(bob.client)).toEqual([
      expect.objectContaining({ kind: 'dm', room: dm, actor: alice.name, text: 'psst' }),
    ]);
    expect(await notificationsOf(alice.client)).toEqual([]);
    const group = (
      await alice.client.post('/api/dms/groups/', { name: 'Team', usernames: [bob.name, carol.name] })
    ).json.room as number;
    await send(bob.client, group, 'hello team');
    expect(await notificationsOf(alice.client)).toEqual([
      expect.objectContaining({ kind: 'group_message', room: group, room_name: 'Team', actor: bob.name }),
    ]);
    // Carol and bob were told when alice added them; bob does not hear of his own message.
    expect(await notificationsOf(carol.client)).toEqual([
      expect.objectContaining({ kind: 'group_message', room: group, room_name: 'Team', actor: bob.name }),
      expect.objectContaining({ kind: 'group_added', room: group, room_name: 'Team', actor: alice.name }),
    ]);
    expect((await notificationsOf(bob.client)).map((n) => n.kind)).toEqual(['group_added', 'dm']);
    expect(await notificationsOf(dave.client)).toEqual([]);
  });

  it('counts unread per room and marks one room, then everything, read', async () => {
    const [alice, bob] = [await newUser(server, 'alice'), await newUser(server, 'bob')];
    const dm = (await alice.client.post('/api/dms/', { username: bob.name })).json.room as number;
    const group = (await alice.client.post('/api/dms/groups/', { name: 'Pair', usernames: [bob.name] })).json
      .room as number;
    await send(alice.client, dm, 'one');
    await send(alice.client, dm, 'two');
    await send(alice.client, group, 'three');
    const list = await bob.client.get('/api/notifications/');
    // Two DMs, being added to the group, and its message.
    expect(list.json.unread_count).toBe(4);

    const other = await createRoom(server.ctx);
    expect((await bob.client.post('/api/notifications/mark_read/', { room: other.id })).json).toEqual({
      unread: { [dm]: 2, [group]: 2 },
      unread_count: 4,
    });
    expect((await bob.client.post('/api/notifications/mark_read/', { room: 99999999 })).status).toBe(200);
    const res = await bob.client.post('/api/notifications/mark_read/', { room: dm });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ unread: { [group]: 2 }, unread_count: 2 });
    const items = await notificationsOf(bob.client);
    expect(items.filter((n) => n.room === dm).every((n) => typeof n.read_at === 'string')).toBe(true);
    expect(items.filter((n) => n.room === group).every((n) => n.read_at === null)).toBe(true);

    expect((await bob.client.post('/api/notifications/mark_read/', { all: true })).json).toEqual({
      unread: {},
      unread_count: 0,
    });
    expect((await bob.client.get('/api/notifications/')).json.unread_count).toBe(0);
  });

  it('marks nothing in a room the user cannot read', async () => {
    const [alice, bob, carol] = [
      await newUser(server, 'alice'),
      await newUser(server, 'bob'),
      await newUser(server, 'carol'),
    ];
    const dm = (await alice.client.post('/api/dms/', { username: bob.name })).json.room as number;
    await send(alice.client, dm, 'hi');
    expect((await carol.client.post('/api/notifications/mark_read/', { room: dm })).json).toEqual({
      unread: {},
      unread_count: 0,
    });
    expect((await bob.client.get('/api/notifications/')).json.unread_count).toBe(1);
  });

  it.each([[{}], [{ room: 0 }], [{ all: false }], [{ room: 1, extra: true }]])(
    'refuses mark_read body %j with 400',
    async (body) => {
      const { client } = await newUser(server, 'bad');
      expect((await client.post('/api/notifications/mark_read/', body)).status).toBe(400);
    },
  );

  it('pages newest first with before and limit', async () => {
    const [alice, bob] = [await newUser(server, 'alice'), await newUser(server, 'bob')];
    const dm = (await alice.client.post('/api/dms/', { username: bob.name })).json.room as number;
    for (let i = 0; i < 5; i++) await send(alice.client, dm, `m${i}`);
    const first = await bob.client.get('/api/notifications/?limit=2');
    expect(first.json.has_more).toBe(true);
    expect(first.json.unread_count).toBe(5);
    const page1 = first.json.notifications as Notification[];
    expect(page1.map((n) => n.text)).toEqual(['m4', 'm3']);
    const second = await bob.client.get(`/api/notifications/?limit=2&before=${page1[1]!.id}`);
    expect((second.json.notifications as Notification[]).map((n) => n.text)).toEqual(['m2', 'm1']);
    const last = await bob.client.get(
      `/api/notifications/?before=${(second.json.notifications as Notification[])[1]!.id}`,
    );
    expect(last.json).toMatchObject({ has_more: false });
    expect((last.json.notifications as Notification[]).map((n) => n.text)).toEqual(['m0']);
    expect((await bob.client.get('/api/notifications/')).json.notifications).toHaveLength(5);
    for (const q of ['limit=0', 'limit=51', 'before=abc'])
      expect((await bob.client.get(`/api/notifications/?${q}`)).status).toBe(400);
  });

  it('shows a message as it was notified, not its later edit, and goes with the recipient’s account', async () => {
    const [alice, bob] = [await newUser(server, 'alice'), await newUser(server, 'bob')];
    const dm = (await alice.client.post('/api/dms/', { username: bob.name })).json.room as number;
    const id = await send(alice.client, dm, 'typo');
    await alice.client.request('PATCH', `/api/messages/${id}/`, { body: { content: 'fixed' } });
    expect((await notificationsOf(bob.client))[0]).toMatchObject({ text: 'typo' });
    expect((await bob.client.post(`/api/profile/delete/${bob.name}/`)).status).toBe(200);
    const left = await server.ctx.db
      .selectFrom('notifications')
      .select('id')
      .where('message_id', '=', id)
      .execute();
    expect(left).toEqual([]);
  });
});
