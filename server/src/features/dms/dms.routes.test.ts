import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_TEXTS, CHAT_TEXTS, DMS_TEXTS, TEXTS, WS_CLOSE } from '@studium/protocol';
import { nowIso } from '../../db/dialect';
import { newUser, TestClient, uniqueName } from '../../../test/http-client';
import { userId } from '../../../test/factories';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';
import { openReadyNotificationSocket } from '../../../test/notification-socket';
import { openRoomSocket } from '../../../test/ws-client';
import { sendMessage, uploadTextFile } from '../../../test/messages';

const t = DMS_TEXTS;

describe.each(DIALECTS)('direct and group conversations on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let carol: TestClient;
  let aliceName: string;
  let bobName: string;
  let carolName: string;
  beforeAll(async () => {
    server = await startTestServer(dialect, { MESSAGE_RATE_LIMIT: '1000/100' });
    [alice, bob, carol] = [
      new TestClient(server.baseUrl),
      new TestClient(server.baseUrl),
      new TestClient(server.baseUrl),
    ];
    aliceName = await alice.signUp(uniqueName('Alice'));
    bobName = await bob.signUp(uniqueName('bob'));
    carolName = await carol.signUp(uniqueName('carol'));
  });
  afterAll(async () => server?.close());

  it('answers every conversation endpoint with 401 when logged out', async () => {
    const anon = new TestClient(server.baseUrl);
    await anon.csrf();
    expect((await anon.get('/api/dms/')).status).toBe(401);
    expect((await anon.post('/api/dms/', { username: bobName })).status).toBe(401);
    expect((await anon.post('/api/dms/groups/', { name: 'x', usernames: [bobName] })).status).toBe(401);
  });

  describe('POST /api/dms/', () => {
    it('opens a DM room named and pathed dm:<a>:<b>, members only, and returns the same room twice and in either direction', async () => {
      const first = await alice.post('/api/dms/', { username: bobName });
      expect(first.status).toBe(200);
      expect(first.json).toEqual({ room: expect.any(Number) });
      expect((await alice.post('/api/dms/', { username: bobName.toUpperCase() })).json).toEqual(first.json);
      expect((await bob.post('/api/dms/', { username: aliceName })).json).toEqual(first.json);
      const expectedPath = `dm:${[aliceName.toLowerCase(), bobName.toLowerCase()].sort().join(':')}`;
      const detail = await bob.get(`/api/rooms/${first.json.room}/`);
      expect(detail.json).toMatchObject({
        kind: 'dm',
        path: expectedPath,
        name: expectedPath,
        is_public_readable: false,
        member: true,
        can_rename: false,
      });
      expect((detail.json.members as Array<{ username: string }>).map((m) => m.username).sort()).toEqual(
        [aliceName, bobName].sort(),
      );
    });

    it('refuses yourself with 400 and an unknown user with 404', async () => {
      const self = await alice.post('/api/dms/', { username: aliceName.toLowerCase() });
      expect(self.status).toBe(400);
      expect(self.json.error).toBe(t.cannotMessageSelf);
      const unknown = await alice.post('/api/dms/', { username: 'nobody_here_at_all' });
      expect(unknown.status).toBe(404);
      expect(unknown.json.error).toBe(t.userNotFound);
      expect((await alice.post('/api/dms/', {})).status).toBe(400);
      expect((await alice.post('/api/dms/', { username: bobName, extra: 1 })).status).toBe(400);
    });

    it('needs the CSRF token', async () => {
      const res = await alice.post('/api/dms/', { username: carolName }, { csrf: false });
      expect(res.status).toBe(403);
      expect(res.json.error).toBe(TEXTS.server.csrfFailed);
    });

    it('keeps a third user out and tells them nothing: the room is unknown to them (404, socket 4004)', async () => {
      const { room } = (await alice.post('/api/dms/', { username: bobName })).json as { room: number };
      await alice.post(`/api/rooms/${room}/messages/`, { content: 'just us' });
      // Whether Alice and Bob talk is theirs: a third user gets what a room that never was gets.
      const dmPath = (a: string, b: string) => `dm:${[a.toLowerCase(), b.toLowerCase()].sort().join(':')}`;
      const path = dmPath(aliceName, bobName);
      const never = dmPath(aliceName, `${carolName}x`);
      for (const ref of [String(room), encodeURIComponent(path)]) {
        expect((await carol.get(`/api/rooms/${ref}/`)).status).toBe(404);
        expect((await carol.get(`/api/rooms/${ref}/messages/`)).status).toBe(404);
      }
      expect((await carol.get(`/api/rooms/${encodeURIComponent(never)}/`)).status).toBe(404);
      expect((await carol.post(`/api/rooms/${room}/messages/`, { content: 'let me in' })).status).toBe(404);
      expect((await carol.post(`/api/rooms/${room}/join/`)).status).toBe(404);
      expect((await openRoomSocket(server.baseUrl, carol, room).closed).code).toBe(WS_CLOSE.roomNotFound);
      const list = (await carol.get('/api/dms/')).json.conversations as Array<{ room: number }>;
      expect(list.map((c) => c.room)).not.toContain(room);
      expect((await alice.get(`/api/rooms/${room}/messages/`)).json.messages).toHaveLength(1);
    });

    it("starts a new room when a deleted user's name is registered again, keeping the old history from the newcomer", async () => {
      const { client: gone, name } = await newUser(server, 'gone');
      const { room: old } = (await alice.post('/api/dms/', { username: name })).json as { room: number };
      await gone.post(`/api/rooms/${old}/messages/`, { content: 'before I left' });
      expect((await gone.post(`/api/profile/delete/${name}/`)).status).toBe(200);
      const again = new TestClient(server.baseUrl);
      await again.signUp(name);
      const { room } = (await again.post('/api/dms/', { username: aliceName })).json as { room: number };
      expect(room).not.toBe(old);
      expect((await again.get(`/api/rooms/${old}/messages/`)).status).toBe(404);
      expect((await alice.post('/api/dms/', { username: name })).json.room).toBe(room);
    });
  });

  describe('POST /api/dms/groups/', () => {
    it('creates a group with the caller as owner and the listed users as members', async () => {
      const res = await alice.post('/api/dms/groups/', {
        name: '  Study group  ',
        usernames: [bobName, carolName.toUpperCase()],
      });
      expect(res.status).toBe(201);
      expect(res.json).toEqual({ room: expect.any(Number) });
      const detail = await carol.get(`/api/rooms/${res.json.room}/`);
      expect(detail.json).toMatchObject({
        kind: 'group',
        name: 'Study group',
        is_public_readable: false,
        member: true,
        owner_username: aliceName,
      });
      expect(detail.json.members).toEqual(
        expect.arrayContaining([
          { username: aliceName, display_name: aliceName, role: 'owner', is_self: false },
          { username: carolName, display_name: carolName, role: 'member', is_self: true },
        ]),
      );
      expect((detail.json.members as unknown[]).length).toBe(3);
    });

    it.each([
      ['an empty name', () => ({ name: '   ', usernames: [bobName] }), 'name'],
      ['a name over 120 characters', () => ({ name: 'x'.repeat(121), usernames: [bobName] }), 'name'],
      ['no usernames', () => ({ name: 'G', usernames: [] }), 'usernames'],
      [
        '21 usernames',
        () => ({ name: 'G', usernames: Array.from({ length: 21 }, (_, i) => `user_${i}_x`) }),
        'usernames',
      ],
      [
        'a duplicate, case-insensitively',
        () => ({ name: 'G', usernames: [bobName, bobName.toUpperCase()] }),
        'usernames',
      ],
      ['the caller', () => ({ name: 'G', usernames: [bobName, aliceName] }), 'usernames'],
      ['an unknown user', () => ({ name: 'G', usernames: [bobName, 'nobody_here_at_all'] }), 'usernames'],
    ])('refuses %s with 400 and fields', async (_label, body, field) => {
      const res = await alice.post('/api/dms/groups/', body());
      expect(res.status).toBe(400);
      expect(res.json.fields).toHaveProperty(field);
      expect(res.json.error).toEqual(expect.any(String));
    });

    it('tells the people added, live and in their notifications, and not the creator', async () => {
      const [owner, added] = [await newUser(server, 'owner'), await newUser(server, 'added')];
      const { socket: addedTab } = await openReadyNotificationSocket(server.baseUrl, added.client);
      const group = (
        await owner.client.post('/api/dms/groups/', { name: 'Exam prep', usernames: [added.name] })
      ).json.room as number;
      const expected = {
        id: expect.any(Number),
        kind: 'group_added',
        room: group,
        room_name: 'Exam prep',
        message_id: null,
        actor: owner.name,
        text: '',
        is_withheld: false,
        created_at: expect.any(String),
        read_at: null,
      };
      const live = await addedTab.next((f) => f.type === 'notification.created');
      expect(live).toEqual({
        type: 'notification.created',
        notification: expected,
        unread: { [group]: 1 },
        unread_count: 1,
      });
      expect((await added.client.get('/api/notifications/')).json.notifications).toEqual([expected]);
      expect((await owner.client.get('/api/notifications/')).json).toMatchObject({
        notifications: [],
        unread_count: 0,
      });
      const listed = (await added.client.get('/api/dms/')).json.conversations as Array<
        Record<string, unknown>
      >;
      // News for the bell, not a mention: nobody mentioned them.
      expect(listed).toEqual([
        expect.objectContaining({
          room: group,
          group_name: 'Exam prep',
          has_unread_mention: false,
          mention_unread_count: 0,
        }),
      ]);
      await addedTab.close();
    });

    it('names the unknown users', async () => {
      const res = await alice.post('/api/dms/groups/', { name: 'G', usernames: ['nobody_here_at_all'] });
      expect(res.json).toEqual({
        error: t.unknownMembers(['nobody_here_at_all']),
        fields: { usernames: t.unknownMembers(['nobody_here_at_all']) },
      });
    });
  });

  describe('GET /api/dms/', () => {
    it('previews a newest message of files only by their count, and a deleted one as deleted', async () => {
      const me = await newUser(server, 'preview');
      const dan = await newUser(server, 'filer');
      const dm = (await me.client.post('/api/dms/', { username: dan.name })).json.room as number;
      await sendMessage(dan.client, dm, 'text first');
      const files = [await uploadTextFile(dan.client, dm), await uploadTextFile(dan.client, dm, 'b.txt')];
      const onlyFiles = await sendMessage(dan.client, dm, '', { attachments: files });
      const previewOf = async () =>
        (
          (await me.client.get('/api/dms/')).json.conversations as Array<{
            room: number;
            last_message: string;
          }>
        ).find((c) => c.room === dm)!.last_message;
      expect(await previewOf()).toBe(ATTACHMENT_TEXTS.filesPreview(2));
      // The notification of it says the same.
      const bell = (await me.client.get('/api/notifications/')).json.notifications as Array<{
        message_id: number;
        text: string;
      }>;
      expect(bell.find((n) => n.message_id === onlyFiles.id)?.text).toBe(ATTACHMENT_TEXTS.filesPreview(2));

      expect((await dan.client.request('DELETE', `/api/messages/${onlyFiles.id}/`)).status).toBe(200);
      expect(await previewOf()).toBe(CHAT_TEXTS.chat.messageDeleted);
    });

    it('lists direct and group conversations with every field, newest first, silent ones last', async () => {
      const me = await newUser(server, 'lister');
      const dan = await newUser(server, 'dan');
      const erin = await newUser(server, 'erin');
      const quiet = (await me.client.post('/api/dms/groups/', { name: 'Quiet group', usernames: [dan.name] }))
        .json.room as number;
      const dm = (await me.client.post('/api/dms/', { username: dan.name })).json.room as number;
      const group = (
        await erin.client.post('/api/dms/groups/', { name: 'Busy group', usernames: [me.name, dan.name] })
      ).json.room as number;
      await dan.client.post(`/api/rooms/${dm}/messages/`, { content: `hey ${'y'.repeat(200)}` });
      await erin.client.post(`/api/rooms/${group}/messages/`, { content: 'newest   of\nall' });

      const res = await me.client.get('/api/dms/');
      expect(res.status).toBe(200);
      const conversations = res.json.conversations as Array<Record<string, unknown>>;
      expect(conversations.map((c) => c.room)).toEqual([group, dm, quiet]);
      expect(conversations[0]).toEqual({
        room: group,
        kind: 'group',
        other_user: null,
        group_name: 'Busy group',
        members: [dan.name, erin.name],
        last_message: 'newest of all',
        // Erin's message; being added to the group is no mention.
        timestamp: expect.any(String),
        last_mention_at: expect.any(String),
        has_unread_mention: true,
        mention_unread_count: 1,
        read_state: { unread: 1, mentions: 0 },
      });
      expect(conversations[1]).toMatchObject({
        room: dm,
        kind: 'direct',
        other_user: dan.name,
        group_name: null,
        members: [dan.name],
        has_unread_mention: true,
        mention_unread_count: 1,
      });
      expect(conversations[1]!.last_message).toHaveLength(140);
      expect(conversations[1]!.last_message).toMatch(/^hey y+…$/);
      expect(conversations[2]).toEqual({
        room: quiet,
        kind: 'group',
        other_user: null,
        group_name: 'Quiet group',
        members: [dan.name],
        last_message: null,
        timestamp: null,
        last_mention_at: null,
        has_unread_mention: false,
        mention_unread_count: 0,
        read_state: { unread: 0, mentions: 0 },
      });

      await me.client.post('/api/notifications/mark_read/', { room: dm });
      const after = (await me.client.get('/api/dms/')).json.conversations as Array<Record<string, unknown>>;
      expect(after[1]).toMatchObject({
        room: dm,
        has_unread_mention: false,
        mention_unread_count: 0,
        last_mention_at: null,
      });
    });

    it("sends the caller's unread messages and mentions of each conversation, and reading clears them", async () => {
      const me = await newUser(server, 'reader');
      const fay = await newUser(server, 'fay');
      const dm = (await fay.client.post('/api/dms/', { username: me.name })).json.room as number;
      await fay.client.post(`/api/rooms/${dm}/messages/`, { content: 'one' });
      await fay.client.post(`/api/rooms/${dm}/messages/`, { content: `two @${me.name}` });
      const last = (await fay.client.post(`/api/rooms/${dm}/messages/`, { content: 'three' })).json
        .id as number;
      await me.client.post(`/api/rooms/${dm}/messages/`, { content: 'mine never counts' });

      const row = async () =>
        ((await me.client.get('/api/dms/')).json.conversations as Array<Record<string, unknown>>).find(
          (c) => c.room === dm,
        );
      expect((await row())?.read_state).toEqual({ unread: 3, mentions: 1 });
      // Fay's own messages are read by her.
      const hers = (await fay.client.get('/api/dms/')).json.conversations as Array<Record<string, unknown>>;
      expect(hers.find((c) => c.room === dm)?.read_state).toEqual({ unread: 1, mentions: 0 });

      expect((await me.client.post(`/api/rooms/${dm}/read/`, { last_read_id: last })).status).toBe(200);
      expect((await row())?.read_state).toEqual({ unread: 0, mentions: 0 });
    });

    it('answers well under a second for a user with 2,000 conversations', async () => {
      const me = await newUser(server, 'busy');
      const meId = await userId(server.ctx, me.name);
      const otherId = await userId(server.ctx, bobName);
      const db = server.ctx.db;
      const at = nowIso();
      const roomIds: number[] = [];
      for (let chunk = 0; chunk < 10; chunk++) {
        const rows = Array.from({ length: 200 }, (_, i) => {
          const path = `dm:perf_${meId}_${chunk}_${i}`;
          return {
            name: path,
            slug: path,
            path,
            parent_id: null,
            depth: 0,
            kind: 'dm' as const,
            topic: '',
            description: '',
            is_bot_allowed: 0,
            is_public_readable: 0,
            is_write_gated: 1,
            owner_id: null,
            last_message_at: new Date(Date.parse(at) - (chunk * 200 + i) * 1000).toISOString(),
            created_at: at,
          };
        });
        roomIds.push(
          ...(await db.insertInto('rooms').values(rows).returning('id').execute()).map((r) => r.id),
        );
      }
      for (let i = 0; i < roomIds.length; i += 250) {
        const ids = roomIds.slice(i, i + 250);
        await db
          .insertInto('room_members')
          .values(
            ids.flatMap((room_id) =>
              [meId, otherId].map((user_id) => ({
                room_id,
                user_id,
                role: 'member' as const,
                joined_at: at,
              })),
            ),
          )
          .execute();
        const messages = await db
          .insertInto('messages')
          .values(
            ids.flatMap((room_id) =>
              [1, 2].map((n) => ({
                room_id,
                user_id: otherId,
                content: `message ${n} in ${room_id}`,
                reply_to: null,
                client_id: null,
                created_at: at,
                edited_at: null,
              })),
            ),
          )
          .returning(['id', 'room_id'])
          .execute();
        await db
          .insertInto('notifications')
          .values(
            messages
              .filter((m) => m.id % 2 === 0)
              .map((m) => ({
                user_id: meId,
                kind: 'dm' as const,
                room_id: m.room_id,
                message_id: m.id,
                actor_id: otherId,
                created_at: at,
                read_at: null,
              })),
          )
          .execute();
      }
      await me.client.get('/api/dms/');
      const started = performance.now();
      const res = await me.client.get('/api/dms/');
      const elapsed = performance.now() - started;
      const conversations = res.json.conversations as Array<{
        room: number;
        last_message: string;
        other_user: string;
      }>;
      expect(conversations).toHaveLength(2000);
      expect(conversations[0]).toMatchObject({
        room: roomIds[0],
        last_message: `message 2 in ${roomIds[0]}`,
        other_user: bobName,
      });
      expect(elapsed).toBeLessThan(750);
    });
  });
});

describe('new conversations are rate limited per user', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { CONVERSATION_RATE_LIMIT: '2/0.001' });
  });
  afterAll(async () => server?.close());

  it('refuses a third new room with 429, while an existing DM still opens', async () => {
    const me = new TestClient(server.baseUrl);
    await me.signUp(uniqueName('opener'));
    const others = await Promise.all(
      [0, 1, 2].map(async () => new TestClient(server.baseUrl).signUp(uniqueName('peer'))),
    );
    const first = await me.post('/api/dms/', { username: others[0] });
    expect(first.status).toBe(200);
    expect((await me.post('/api/dms/groups/', { name: 'Study group', usernames: [others[1]] })).status).toBe(
      201,
    );
    const limited = await me.post('/api/dms/', { username: others[2] });
    expect(limited.status).toBe(429);
    expect(limited.json.error).toMatch(/^Too many attempts/);
    expect((await me.post('/api/dms/', { username: others[0] })).json).toEqual(first.json);
  });
});
