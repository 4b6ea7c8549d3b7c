import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TEXTS, WS_CLOSE } from '@studium/protocol';
import { newUser } from '../../../test/http-client';
import { openNotificationSocket, openReadyNotificationSocket } from '../../../test/notification-socket';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';
import { openReadySocket } from '../../../test/ws-client';

describe.each(DIALECTS)('the notification socket on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { MESSAGE_RATE_LIMIT: '1000/100' });
  });
  afterAll(async () => server?.close());

  it('closes with 4001 when not logged in, and refuses a foreign Origin', async () => {
    expect((await openNotificationSocket(server.baseUrl, null).closed).code).toBe(WS_CLOSE.notLoggedIn);
    const { client } = await newUser(server, 'x');
    await expect(
      openNotificationSocket(server.baseUrl, client, { origin: 'https://evil.example' }).opened,
    ).rejects.toThrow(/403/);
  });

  it('starts with notification.init: unread per room, the total and the newest notifications', async () => {
    const [alice, bob] = [await newUser(server, 'alice'), await newUser(server, 'bob')];
    const dm = (await alice.client.post('/api/dms/', { username: bob.name })).json.room as number;
    for (let i = 0; i < 22; i++) await alice.client.post(`/api/rooms/${dm}/messages/`, { content: `n${i}` });
    const { socket, init } = await openReadyNotificationSocket(server.baseUrl, bob.client);
    expect(init).toMatchObject({ type: 'notification.init', unread: { [dm]: 22 }, unread_count: 22 });
    const items = init.notifications as Array<Record<string, unknown>>;
    expect(items).toHaveLength(20);
    expect(items[0]).toEqual({
      id: expect.any(Number),
      kind: 'dm',
      room: dm,
      room_name: expect.stringMatching(/^dm:/),
      message_id: expect.any(Number),
      actor: alice.name,
      text: 'n21',
      is_withheld: false,
      created_at: expect.any(String),
      read_at: null,
    });
    await socket.close();
  });

  it('tells the notified, and only them, when a message they were notified about is deleted', async () => {
    const [alice, bob, carol] = [
      await newUser(server, 'alice'),
      await newUser(server, 'bob'),
      await newUser(server, 'carol'),
    ];
    const dm = (await alice.client.post('/api/dms/', { username: bob.name })).json.room as number;
    const kept = await alice.client.post(`/api/rooms/${dm}/messages/`, { content: 'this one stays' });
    const sent = await alice.client.post(`/api/rooms/${dm}/messages/`, { content: 'a regrettable thing' });
    const { socket: bobTab } = await openReadyNotificationSocket(server.baseUrl, bob.client);
    const { socket: carolTab } = await openReadyNotificationSocket(server.baseUrl, carol.client);
    expect((await alice.client.request('DELETE', `/api/messages/${sent.json.id}/`)).status).toBe(200);
    expect(await bobTab.next((f) => f.type === 'notification.erased')).toEqual({
      type: 'notification.erased',
      message_ids: [sent.json.id],
    });
    expect(await carolTab.nothing((f) => f.type !== undefined)).toBe(true);
    // What the list answers from now on, as the frame said: the same notification, without its text.
    const list = (await bob.client.get('/api/notifications/')).json.notifications as Array<{
      message_id: number;
      text: string;
    }>;
    expect(list.find((n) => n.message_id === sent.json.id)?.text).toBe('');
    expect(list.find((n) => n.message_id === kept.json.id)?.text).toBe('this one stays');
    await Promise.all([bobTab.close(), carolTab.close()]);
  });

  it('pushes notification.created live and notification.counts after a read from another tab', async () => {
    const [alice, bob] = [await newUser(server, 'alice'), await newUser(server, 'bob')];
    const dm = (await alice.client.post('/api/dms/', { username: bob.name })).json.room as number;
    const { socket: bobTab } = await openReadyNotificationSocket(server.baseUrl, bob.client);
    const { socket: aliceTab } = await openReadyNotificationSocket(server.baseUrl, alice.client);
    const bobRoom = await openReadySocket(server.baseUrl, bob.client, dm);
    const sent = await alice.client.post(`/api/rooms/${dm}/messages/`, { content: 'live one' });
    const created = await bobTab.next((f) => f.type === 'notification.created');
    expect(created).toEqual({
      type: 'notification.created',
      notification: {
        id: expect.any(Number),
        kind: 'dm',
        room: dm,
        room_name: expect.any(String),
        message_id: sent.json.id,
        actor: alice.name,
        text: 'live one',
        is_withheld: false,
        created_at: expect.any(String),
        read_at: null,
      },
      unread: { [dm]: 1 },
      unread_count: 1,
    });
    await bob.client.post('/api/notifications/mark_read/', { room: dm });
    expect(await bobTab.next((f) => f.type === 'notification.counts')).toEqual({
      type: 'notification.counts',
      unread: {},
      unread_count: 0,
    });
    expect(await aliceTab.nothing((f) => f.type !== undefined)).toBe(true);
    expect(await bobRoom.nothing((f) => String(f.type).startsWith('notification'))).toBe(true);
    await Promise.all([bobTab.close(), aliceTab.close(), bobRoom.close()]);
  });

  it('answers a client frame with {error} and stays open', async () => {
    const { client } = await newUser(server, 'talker');
    const { socket } = await openReadyNotificationSocket(server.baseUrl, client);
    socket.send({ action: 'send_message', message: 'hi' });
    expect(await socket.next()).toEqual({ error: CHAT_TEXTS.chat.unknownAction });
    socket.send('not json');
    expect(await socket.next()).toEqual({ error: CHAT_TEXTS.chat.malformedFrame });
    await socket.close();
  });

  it('closes on logout with 4001', async () => {
    const { client } = await newUser(server, 'leaver');
    const { socket } = await openReadyNotificationSocket(server.baseUrl, client);
    await client.post('/api/logout/');
    expect((await socket.closed).code).toBe(WS_CLOSE.notLoggedIn);
  });
});
