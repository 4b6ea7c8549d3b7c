import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationListResponse, type Notification } from '@studium/protocol';
import { addMember, createPrivateRoom, createRoom, userId } from '../../../test/factories';
import type { TestClient } from '../../../test/http-client';
import { newUser } from '../../../test/http-client';
import { openReadyNotificationSocket } from '../../../test/notification-socket';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';

/** What a withheld notification still says: its kind and times, nothing of its room. */
const withheld = (kind: string) => ({
  id: expect.any(Number),
  kind,
  room: null,
  room_name: '',
  message_id: null,
  actor: null,
  text: '',
  is_withheld: true,
  created_at: expect.any(String),
  read_at: null,
});

describe.each(DIALECTS)('what a notification shows its reader later, on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      MESSAGE_RATE_LIMIT: '1000/100',
      REPORT_RATE_LIMIT: '1000/100',
    });
  });
  afterAll(async () => server?.close());

  const mention = (username: string) => ({ username, start: 0, end: username.length + 1 });
  const send = async (client: TestClient, room: number, content: string, mentioned?: string) => {
    const res = await client.post(`/api/rooms/${room}/messages/`, {
      content,
      ...(mentioned ? { mentions: [mention(mentioned)] } : {}),
    });
    expect(res.status).toBe(201);
    return res.json.id as number;
  };
  /** The list over HTTP and the socket's init frame, which must agree. */
  const notificationsOf = async (client: TestClient): Promise<Notification[]> => {
    const res = await client.get('/api/notifications/');
    expect(res.status).toBe(200);
    const listed = notificationListResponse.parse(res.json).notifications;
    const { socket, init } = await openReadyNotificationSocket(server.baseUrl, client);
    await socket.close();
    expect(init.notifications).toEqual(listed);
    return listed;
  };
  /** A report of the reader's message in the room, acted on by the room's owner. */
  const moderate = async (
    owner: TestClient,
    reporter: TestClient,
    messageId: number,
    action: { action: 'ban'; duration: '1h' } | { action: 'remove_user' },
  ) => {
    const report = await reporter.post('/api/reports/', { message_id: messageId, reason: 'spam' });
    expect(report.status).toBe(201);
    const res = await owner.post(`/api/moderation/reports/${report.json.id}/action/`, action);
    expect(res.status).toBe(200);
  };

  it('shows a message as it was when notified, not as its author edited it later', async () => {
    const [alice, bob] = [await newUser(server, 'alice'), await newUser(server, 'bob')];
    const room = await createRoom(server.ctx);
    const id = await send(alice.client, room.id, `@${bob.name} the quiz is on Monday`, bob.name);
    const edit = await alice.client.request('PATCH', `/api/messages/${id}/`, {
      body: { content: `@${bob.name} secretly rewritten later` },
    });
    expect(edit.status).toBe(200);
    const [shown] = await notificationsOf(bob.client);
    expect(shown).toMatchObject({
      message_id: id,
      text: `@${bob.name} the quiz is on Monday`,
      is_withheld: false,
    });
  });

  it('withholds the room, the author and the text from a reader banned from the room', async () => {
    const [owner, alice, bob] = [
      await newUser(server, 'owner'),
      await newUser(server, 'alice'),
      await newUser(server, 'bob'),
    ];
    const room = await createRoom(server.ctx, {
      owner_id: await userId(server.ctx, owner.name),
      is_write_gated: 0,
    });
    await addMember(server.ctx, room.id, owner.name, 'owner');
    const alices = await send(alice.client, room.id, `@${bob.name} meet at the library`, bob.name);
    const bobs = await send(bob.client, room.id, 'spam spam');
    expect((await notificationsOf(bob.client))[0]).toMatchObject({ room_name: `Room ${room.path}` });

    await moderate(owner.client, alice.client, bobs, { action: 'ban', duration: '1h' });
    await alice.client.request('PATCH', `/api/messages/${alices}/`, {
      body: { content: 'edited after the ban' },
    });
    expect((await owner.client.post(`/api/rooms/${room.id}/rename/`, { name: 'Renamed after' })).status).toBe(
      200,
    );
    expect(await notificationsOf(bob.client)).toEqual([withheld('mention')]);
  });

  it('withholds a members-only room renamed after its reader was removed from it', async () => {
    const [owner, bob, carol] = [
      await newUser(server, 'owner'),
      await newUser(server, 'bob'),
      await newUser(server, 'carol'),
    ];
    const room = await createPrivateRoom(server.ctx, owner.name, [bob.name, carol.name], { name: 'Tutors' });
    const bobs = await send(bob.client, room.id, 'a message to report');
    await send(carol.client, room.id, `@${bob.name} see the new plan`, bob.name);
    await moderate(owner.client, carol.client, bobs, { action: 'remove_user' });
    await owner.client.post(`/api/rooms/${room.id}/rename/`, { name: 'Layoff planning' });
    const listed = await notificationsOf(bob.client);
    expect(listed).toEqual([withheld('mention')]);
    expect(JSON.stringify(listed)).not.toMatch(/Layoff|Tutors|new plan/);
  });

  it('withholds a group the reader no longer belongs to, and a room that stopped being public', async () => {
    const [alice, bob] = [await newUser(server, 'alice'), await newUser(server, 'bob')];
    const group = await alice.client.post('/api/dms/groups/', { name: 'Study trio', usernames: [bob.name] });
    const groupId = group.json.room as number;
    await send(alice.client, groupId, 'group secret');
    const open = await createRoom(server.ctx);
    await send(alice.client, open.id, `@${bob.name} open for now`, bob.name);
    expect((await notificationsOf(bob.client)).map((n) => n.is_withheld)).toEqual([false, false, false]);

    // No leave endpoint exists yet: the membership row goes as a leave would take it.
    await server.ctx.db
      .deleteFrom('room_members')
      .where('room_id', '=', groupId)
      .where('user_id', '=', await userId(server.ctx, bob.name))
      .execute();
    await server.ctx.db
      .updateTable('rooms')
      .set({ is_public_readable: 0 })
      .where('id', '=', open.id)
      .execute();
    const listed = await notificationsOf(bob.client);
    expect(listed).toEqual([withheld('mention'), withheld('group_message'), withheld('group_added')]);
  });

  it("marks a withheld notification read by its id, and never anyone else's", async () => {
    const [alice, bob, mallory] = [
      await newUser(server, 'alice'),
      await newUser(server, 'bob'),
      await newUser(server, 'mallory'),
    ];
    const group = await alice.client.post('/api/dms/groups/', { name: 'Left behind', usernames: [bob.name] });
    const groupId = group.json.room as number;
    await send(alice.client, groupId, 'after you left');
    expect((await bob.client.post(`/api/dms/groups/${groupId}/leave/`)).status).toBe(200);
    const listed = await notificationsOf(bob.client);
    expect(listed).toEqual([withheld('group_message'), withheld('group_added')]);
    const unread = async (client: TestClient) => (await client.get('/api/notifications/')).json.unread_count;
    expect(await unread(bob.client)).toBe(2);
    // The room is no longer bob's to name, so marking it marks nothing; its id does.
    expect(
      (await bob.client.post('/api/notifications/mark_read/', { room: groupId })).json.unread_count,
    ).toBe(2);
    const first = listed[0]!.id;
    // Someone else's notification id: answered with the caller's own counts, nothing marked.
    const foreign = await mallory.client.post('/api/notifications/mark_read/', { id: first });
    expect(foreign.status).toBe(200);
    expect(foreign.json.unread_count).toBe(0);
    expect(await unread(bob.client)).toBe(2);
    const { socket } = await openReadyNotificationSocket(server.baseUrl, bob.client);
    const marked = await bob.client.post('/api/notifications/mark_read/', { id: first });
    expect(marked.status).toBe(200);
    expect(marked.json.unread_count).toBe(1);
    // Bob's other tabs and devices hear the new counts.
    expect((await socket.next((f) => f.type === 'notification.counts')).unread_count).toBe(1);
    await socket.close();
    const after = await notificationsOf(bob.client);
    expect(after[0]).toEqual({ ...withheld('group_message'), read_at: expect.any(String) });
    expect(after[1]).toEqual(withheld('group_added'));
    // Again: nothing left to mark, nothing sent.
    expect((await bob.client.post('/api/notifications/mark_read/', { id: first })).json.unread_count).toBe(1);
    expect((await bob.client.post('/api/notifications/mark_read/', { id: 0 })).status).toBe(400);
    expect((await bob.client.post('/api/notifications/mark_read/', { id: first, all: true })).status).toBe(
      400,
    );
  });

  it('sends a live notification withheld to a reader who lost the room meanwhile', async () => {
    const [owner, bob, carol] = [
      await newUser(server, 'owner'),
      await newUser(server, 'bob'),
      await newUser(server, 'carol'),
    ];
    const room = await createPrivateRoom(server.ctx, owner.name, [bob.name, carol.name], { name: 'Staff' });
    const carols = await send(carol.client, room.id, 'something rude');
    const bobs = await send(bob.client, room.id, 'something else');
    const bobsReport = await bob.client.post('/api/reports/', { message_id: carols, reason: 'harassment' });
    expect(bobsReport.status).toBe(201);
    await moderate(owner.client, carol.client, bobs, { action: 'remove_user' });
    const { socket } = await openReadyNotificationSocket(server.baseUrl, bob.client);
    const handled = await owner.client.post(`/api/moderation/reports/${bobsReport.json.id}/action/`, {
      action: 'dismiss',
    });
    expect(handled.status).toBe(200);
    const created = await socket.next((f) => f.type === 'notification.created');
    await socket.close();
    expect(created.notification).toEqual(withheld('report_handled'));
    expect(await notificationsOf(bob.client)).toEqual([withheld('report_handled')]);
  });

  it('still shows everything to a reader who may read the room', async () => {
    const [alice, bob] = [await newUser(server, 'alice'), await newUser(server, 'bob')];
    const room = await createPrivateRoom(server.ctx, alice.name, [bob.name], { name: 'Lab partners' });
    const id = await send(alice.client, room.id, `@${bob.name} bring goggles`, bob.name);
    expect(await notificationsOf(bob.client)).toEqual([
      {
        id: expect.any(Number),
        kind: 'mention',
        room: room.id,
        room_name: 'Lab partners',
        message_id: id,
        actor: alice.name,
        text: `@${bob.name} bring goggles`,
        is_withheld: false,
        created_at: expect.any(String),
        read_at: null,
      },
    ]);
  });
});
