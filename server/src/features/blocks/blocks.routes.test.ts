import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSISTANT_BOTS,
  BLOCKS_TEXTS,
  activePartyResponse,
  partyCandidatesResponse,
  type ChatMessage,
} from '@studium/protocol';
import { newUser, TestClient } from '../../../test/http-client';
import { addMember, createRoom, userId } from '../../../test/factories';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';
import { openReadyNotificationSocket } from '../../../test/notification-socket';
import { openReadySocket, type Frame } from '../../../test/ws-client';

const t = BLOCKS_TEXTS;

describe.each(DIALECTS)('blocking and muting on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { MESSAGE_RATE_LIMIT: '1000/100' });
  });
  afterAll(async () => server?.close());

  type User = Awaited<ReturnType<typeof newUser>>;

  /** Rows of the tables a refused attempt must leave untouched. */
  const counts = async () => {
    const n = async (table: 'messages' | 'notifications' | 'rooms' | 'room_members' | 'message_mentions') =>
      Number(
        (
          await server.ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      messages: await n('messages'),
      notifications: await n('notifications'),
      rooms: await n('rooms'),
      members: await n('room_members'),
      mentions: await n('message_mentions'),
    };
  };
  const block = (by: User, target: string) => by.client.post(`/api/users/${target}/block/`);
  const history = async (viewer: User, room: number | string) => {
    const res = await viewer.client.get(`/api/rooms/${room}/messages/`);
    expect(res.status).toBe(200);
    return res.json.messages as ChatMessage[];
  };
  const send = (user: User, room: number | string, message: string) =>
    user.client.post(`/api/rooms/${room}/messages/`, { content: message });

  it('answers every call with 401 when logged out', async () => {
    const anon = new TestClient(server.baseUrl);
    await anon.csrf();
    expect((await anon.get('/api/blocks/')).status).toBe(401);
    expect((await anon.post('/api/users/someone/block/')).status).toBe(401);
    expect((await anon.request('DELETE', '/api/users/someone/block/')).status).toBe(401);
    expect((await anon.post('/api/users/someone/mute/')).status).toBe(401);
    expect((await anon.request('DELETE', '/api/users/someone/mute/')).status).toBe(401);
  });

  it('blocks and mutes idempotently, lists only the caller’s own, and undoes both', async () => {
    const [b, x, y] = [await newUser(server, 'b'), await newUser(server, 'x'), await newUser(server, 'y')];
    expect((await b.client.get('/api/blocks/')).json).toEqual({ blocked: [], muted: [] });
    const first = await block(b, x.name.toUpperCase());
    expect(first.status).toBe(200);
    expect((await block(b, x.name)).json).toEqual(first.json);
    expect(first.json.blocked).toEqual([{ username: x.name, since: expect.any(String) }]);
    const muted = await b.client.post(`/api/users/${y.name}/mute/`);
    expect(muted.json).toEqual({
      blocked: first.json.blocked,
      muted: [{ username: y.name, since: expect.any(String) }],
    });
    // Neither the blocked user nor anyone else learns of it.
    expect((await x.client.get('/api/blocks/')).json).toEqual({ blocked: [], muted: [] });
    expect((await y.client.get('/api/blocks/')).json).toEqual({ blocked: [], muted: [] });
    // Another user's unblock changes only their own (empty) lists, never the blocker's.
    expect((await y.client.request('DELETE', `/api/users/${x.name}/block/`)).json).toEqual({
      blocked: [],
      muted: [],
    });
    expect((await b.client.get('/api/blocks/')).json).toEqual(muted.json);

    expect((await b.client.request('DELETE', `/api/users/${x.name}/block/`)).json).toEqual({
      blocked: [],
      muted: muted.json.muted,
    });
    expect((await b.client.request('DELETE', `/api/users/${x.name}/block/`)).status).toBe(200);
    expect((await b.client.request('DELETE', `/api/users/${y.name}/mute/`)).json).toEqual({
      blocked: [],
      muted: [],
    });
  });

  it('sends the caller’s lists of now to their own notification sockets, and nobody else’s', async () => {
    const [b, x] = [await newUser(server, 'b'), await newUser(server, 'x')];
    const { socket: tab } = await openReadyNotificationSocket(server.baseUrl, b.client);
    const { socket: blocked } = await openReadyNotificationSocket(server.baseUrl, x.client);
    const changed = (f: Frame) => f.type === 'blocks_changed';

    const answer = await block(b, x.name);
    expect(await tab.next(changed)).toEqual({ type: 'blocks_changed', ...answer.json });
    const unmuted = await b.client.request('DELETE', `/api/users/${x.name}/mute/`);
    expect(await tab.next(changed)).toEqual({ type: 'blocks_changed', ...unmuted.json });
    const unblocked = await b.client.request('DELETE', `/api/users/${x.name}/block/`);
    expect(await tab.next(changed)).toEqual({ type: 'blocks_changed', blocked: [], muted: [] });
    expect(unblocked.json).toEqual({ blocked: [], muted: [] });
    // The other side is never told.
    expect(await blocked.nothing(changed)).toBe(true);
    await Promise.all([tab.close(), blocked.close()]);
  });

  it('refuses yourself and assistants with 400, an unknown user with 404, and needs the CSRF token', async () => {
    const b = await newUser(server, 'b');
    const self = await block(b, b.name);
    expect(self.status).toBe(400);
    expect(self.json.error).toBe(t.cannotBlockSelf);
    expect((await b.client.post(`/api/users/${b.name}/mute/`)).status).toBe(400);
    const bot = await block(b, ASSISTANT_BOTS.interview);
    expect(bot.status).toBe(400);
    expect(bot.json.error).toBe(t.cannotBlockBot);
    expect((await block(b, 'nobody_here_at_all')).status).toBe(404);
    const x = await newUser(server, 'x');
    expect((await b.client.post(`/api/users/${x.name}/block/`, {}, { csrf: false })).status).toBe(403);
    expect((await b.client.get('/api/blocks/')).json).toEqual({ blocked: [], muted: [] });
  });

  it('tells the profile page who may be blocked', async () => {
    const b = await newUser(server, 'b');
    const x = await newUser(server, 'x');
    expect((await b.client.get(`/api/users/${x.name}/profile/`)).json.can_block).toBe(true);
    expect((await b.client.get(`/api/users/${b.name}/profile/`)).json.can_block).toBe(false);
    const bot = await b.client.get(`/api/users/${ASSISTANT_BOTS.interview}/profile/`);
    if (bot.status === 200) expect(bot.json.can_block).toBe(false);
  });

  it('refuses a blocked user’s new DM with a neutral text and stores nothing', async () => {
    const [b, x] = [await newUser(server, 'b'), await newUser(server, 'x')];
    await block(b, x.name);
    const before = await counts();
    const res = await x.client.post('/api/dms/', { username: b.name });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe(t.cannotMessage);
    expect(res.json.error).not.toMatch(/block/i);
    expect(await counts()).toEqual(before);
    // The blocker may still open the conversation; the blocked side still cannot write in it.
    expect((await b.client.post('/api/dms/', { username: x.name })).status).toBe(200);
  });

  it('refuses a send into an existing DM room, over REST and the socket path alike, and stores nothing', async () => {
    const [b, x] = [await newUser(server, 'b'), await newUser(server, 'x')];
    const room = (await x.client.post('/api/dms/', { username: b.name })).json.room as number;
    const hello = await send(x, room, 'hello');
    expect(hello.status).toBe(201);
    await block(b, x.name);
    const edit = await x.client.request('PATCH', `/api/messages/${(hello.json as ChatMessage).id}/`, {
      body: { content: 'changed' },
    });
    expect(edit.status).toBe(403);
    expect(edit.json.error).toBe(t.cannotMessage);
    const before = await counts();
    const refused = await send(x, room, `hello again @${b.name}`);
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe(t.cannotMessage);
    expect(await counts()).toEqual(before);
    const socket = await openReadySocket(server.baseUrl, x.client, room);
    socket.send({ action: 'send_message', message: 'over the socket' });
    expect((await socket.next((f) => f.error !== undefined)).error).toBe(t.cannotMessage);
    // A reaction is refused the same way: the blocker gets nothing from X there, not even an emoji.
    const mine = await send(b, room, 'from the blocker');
    const react = await x.client.post(`/api/messages/${(mine.json as ChatMessage).id}/react/`, {
      emoji: '💩',
    });
    expect(react.status).toBe(403);
    expect(react.json.error).toBe(t.cannotMessage);
    socket.send({ action: 'react_message', message_id: (mine.json as ChatMessage).id, emoji: '💩' });
    expect((await socket.next((f) => f.error !== undefined)).error).toBe(t.cannotMessage);
    expect(await socket.nothing((f) => f.type === 'reaction')).toBe(true);
    await socket.close();
    expect((await counts()).messages).toBe(before.messages + 1);
    const reactions = await b.client.get(`/api/rooms/${room}/messages/`);
    expect(
      (reactions.json.messages as ChatMessage[]).every((m) => Object.keys(m.reactions ?? {}).length === 0),
    ).toBe(true);
    // Unblocking restores the conversation.
    await b.client.request('DELETE', `/api/users/${x.name}/block/`);
    expect((await send(x, room, 'back')).status).toBe(201);
    expect((await counts()).messages).toBe(before.messages + 2);
  });

  it('refuses adding the blocker to a group, naming only who cannot be added, and stores nothing', async () => {
    const [b, x, y] = [await newUser(server, 'b'), await newUser(server, 'x'), await newUser(server, 'y')];
    await block(b, x.name);
    const before = await counts();
    const res = await x.client.post('/api/dms/groups/', { name: 'Study group', usernames: [y.name, b.name] });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(t.cannotAdd([b.name]));
    expect(res.json.error).not.toMatch(/block/i);
    expect(await counts()).toEqual(before);
    expect(
      (await x.client.post('/api/dms/groups/', { name: 'Study group', usernames: [y.name] })).status,
    ).toBe(201);
    // The blocker may still add the blocked user.
    expect((await b.client.post('/api/dms/groups/', { name: 'Mine', usernames: [x.name] })).status).toBe(201);
  });

  it('creates no notification or mention count for the blocker, and shows the mention as any other', async () => {
    const [b, c, x] = [await newUser(server, 'b'), await newUser(server, 'c'), await newUser(server, 'x')];
    const room = await createRoom(server.ctx);
    await addMember(server.ctx, room.id, b.name);
    await addMember(server.ctx, room.id, c.name);
    await block(b, x.name);
    const bId = await userId(server.ctx, b.name);
    const watching = await openReadySocket(server.baseUrl, c.client, room.id);
    const res = await send(x, room.id, `@${b.name} @${c.name} look at this`);
    expect(res.status).toBe(201);
    // X cannot tell from the message that B blocked them: B is mentioned like C, in the answer,
    // the live frame and the history alike.
    const both = [b.name, c.name].sort();
    expect([...(res.json as ChatMessage).mentions!].sort()).toEqual(both);
    const frame = await watching.next((f) => f.type === 'message' && f.id === res.json.id);
    expect([...(frame.mentions as string[])].sort()).toEqual(both);
    const [stored] = (await history(x, room.id)).filter((m) => m.id === res.json.id);
    expect([...stored!.mentions!].sort()).toEqual(both);
    await watching.close();
    // But B hears nothing of it: no notification, no mention in their counts (C has one).
    const notes = await server.ctx.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', bId)
      .execute();
    expect(notes).toEqual([]);
    const readState = async (u: User) =>
      (await u.client.get(`/api/rooms/${room.id}/`)).json.read_state as { unread: number; mentions: number };
    expect(await readState(b)).toMatchObject({ unread: 1, mentions: 0 });
    expect(await readState(c)).toMatchObject({ unread: 1, mentions: 1 });
    // Unblocking does not bring the old mention back as news either way: it counts as any other.
    expect((await b.client.request('DELETE', `/api/users/${x.name}/block/`)).status).toBe(200);
    await send(x, room.id, `@${b.name} again`);
    expect(await readState(b)).toMatchObject({ unread: 2 });
  });

  it('flags hidden messages per viewer in history: blocked, muted, and shown again after undoing', async () => {
    const [b, m, x, y] = [
      await newUser(server, 'b'),
      await newUser(server, 'm'),
      await newUser(server, 'x'),
      await newUser(server, 'y'),
    ];
    const room = await createRoom(server.ctx);
    expect((await send(x, room.id, 'from x')).status).toBe(201);
    expect((await send(y, room.id, 'from y')).status).toBe(201);
    await block(b, x.name);
    await b.client.post(`/api/users/${y.name}/mute/`);
    await m.client.post(`/api/users/${x.name}/mute/`);
    const hiddenOf = async (viewer: User) =>
      Object.fromEntries((await history(viewer, room.id)).map((msg) => [msg.username, msg.hidden]));
    expect(await hiddenOf(b)).toEqual({ [x.name]: 'blocked', [y.name]: 'muted' });
    expect(await hiddenOf(m)).toEqual({ [x.name]: 'muted', [y.name]: null });
    // Blocked and muted at once: the block wins.
    await b.client.post(`/api/users/${x.name}/mute/`);
    expect((await hiddenOf(b))[x.name]).toBe('blocked');
    // The author and third parties see nothing hidden; the text is still sent (click to show).
    expect(await hiddenOf(x)).toEqual({ [x.name]: null, [y.name]: null });
    expect((await history(b, room.id)).find((msg) => msg.username === x.name)?.message).toBe('from x');
    await b.client.request('DELETE', `/api/users/${x.name}/block/`);
    await b.client.request('DELETE', `/api/users/${x.name}/mute/`);
    await b.client.request('DELETE', `/api/users/${y.name}/mute/`);
    expect(await hiddenOf(b)).toEqual({ [x.name]: null, [y.name]: null });
  });

  it('forgets the blocks of and on a deleted account', async () => {
    const [b, x] = [await newUser(server, 'b'), await newUser(server, 'x')];
    await block(b, x.name);
    await x.client.post(`/api/users/${b.name}/mute/`);
    const xId = await userId(server.ctx, x.name);
    expect((await x.client.post(`/api/profile/delete/${x.name}/`)).status).toBe(200);
    expect((await b.client.get('/api/blocks/')).json).toEqual({ blocked: [], muted: [] });
    const rows = await server.ctx.db
      .selectFrom('user_blocks')
      .select('user_id')
      .where((eb) => eb.or([eb('user_id', '=', xId), eb('target_id', '=', xId)]))
      .execute();
    expect(rows).toEqual([]);
  });

  it('collapses the conversation preview of a blocked or muted author for the viewer only', async () => {
    const [b, x] = [await newUser(server, 'b'), await newUser(server, 'x')];
    const room = (await x.client.post('/api/dms/', { username: b.name })).json.room as number;
    expect((await send(x, room, 'secret words')).status).toBe(201);
    const previewOf = async (viewer: User) =>
      (
        (await viewer.client.get('/api/dms/')).json.conversations as Array<{
          room: number;
          last_message: string;
        }>
      ).find((c) => c.room === room)?.last_message;
    await b.client.post(`/api/users/${x.name}/mute/`);
    expect(await previewOf(b)).toBe(t.mutedMessage);
    await block(b, x.name);
    expect(await previewOf(b)).toBe(t.blockedMessage);
    expect(await previewOf(x)).toBe('secret words');
    await b.client.request('DELETE', `/api/users/${x.name}/block/`);
    await b.client.request('DELETE', `/api/users/${x.name}/mute/`);
    expect(await previewOf(b)).toBe('secret words');
  });

  it('leaves a muted user free to message the muter', async () => {
    const [b, x] = [await newUser(server, 'b'), await newUser(server, 'x')];
    await b.client.post(`/api/users/${x.name}/mute/`);
    const room = (await x.client.post('/api/dms/', { username: b.name })).json.room as number;
    expect((await send(x, room, 'still here')).status).toBe(201);
  });

  describe('recommendations', () => {
    const fields = (course: string) => ({
      course_code: course,
      modality: 'Online',
      languages: 'English',
      campus: 'North',
      topic: 'Recursion',
      availability: 'monday evening',
    });
    const intent = async (user: User, role: 'tutor' | 'tutoree', course: string) =>
      expect(
        (await user.client.post(`/api/intent/${role}`, { mode: 'create', ...fields(course) })).status,
      ).toBe(200);
    const recNames = async (user: User, role: 'tutor' | 'tutoree') =>
      (
        (await user.client.get(`/api/intent/${role}/recs`)).json.results as Array<{
          candidate_username: string;
        }>
      ).map((r) => r.candidate_username);

    it('leaves out tutoring matches on both sides of a block, and brings them back after unblocking', async () => {
      const course = 'CS-101';
      const [tutor, tutoree] = [await newUser(server, 'tutor'), await newUser(server, 'tutee')];
      await intent(tutor, 'tutor', course);
      await intent(tutoree, 'tutoree', course);
      expect(await recNames(tutor, 'tutor')).toEqual([tutoree.name]);
      await block(tutoree, tutor.name);
      expect(await recNames(tutor, 'tutor')).toEqual([]);
      expect(await recNames(tutoree, 'tutoree')).toEqual([]);
      await tutoree.client.request('DELETE', `/api/users/${tutor.name}/block/`);
      expect(await recNames(tutoree, 'tutoree')).toEqual([tutor.name]);
    });

    it('refuses accepting a tutoring match made stale by a block, and opens no DM room', async () => {
      const [tutor, tutoree] = [await newUser(server, 'tutor'), await newUser(server, 'tutee')];
      await intent(tutor, 'tutor', 'CS-101');
      await intent(tutoree, 'tutoree', 'CS-101');
      const recs = (await tutor.client.get('/api/intent/tutor/recs')).json as {
        subject_intent_id: number;
        results: Array<{ candidate_intent_id: number; candidate_username: string }>;
      };
      const candidate = recs.results.find((r) => r.candidate_username === tutoree.name)!;
      await block(tutoree, tutor.name);
      const before = await counts();
      const res = await tutor.client.post('/api/intent/tutor/accept', {
        subject_intent_id: recs.subject_intent_id,
        candidate_intent_id: candidate.candidate_intent_id,
      });
      expect(res.status).toBe(404);
      expect(await counts()).toEqual(before);
    });

    it('leaves out study party candidates on both sides of a block', async () => {
      const topic = 'hist-101';
      const party = async (user: User) => {
        const res = await user.client.post('/api/party/active', {
          topic_key: topic,
          target_size: 4,
          existing_member_count: 2,
          languages: 'English',
          campus: 'North',
          modality: 'either',
          availability: [{ day: 'tue', start: '14:00', end: '16:00' }],
          members: [
            { username: user.name, display_name: user.name, is_owner: true },
            { display_name: 'Robin' },
          ],
        });
        expect(res.status).toBe(200);
        return activePartyResponse.parse(res.json).party!.id;
      };
      const [a, c] = [await newUser(server, 'pa'), await newUser(server, 'pc')];
      const [aParty, cParty] = [await party(a), await party(c)];
      const candidateIds = async (user: User, id: number) =>
        partyCandidatesResponse
          .parse((await user.client.get(`/api/party/${id}/candidates`)).json)
          .candidates.map((x) => x.candidate_party_id);
      expect(await candidateIds(a, aParty)).toContain(cParty);
      await block(c, a.name);
      expect(await candidateIds(a, aParty)).not.toContain(cParty);
      expect(await candidateIds(c, cParty)).not.toContain(aParty);
      // Nor can the blocked owner's party take the blocker on as a teammate.
      const withBlocker = await a.client.post('/api/party/active', {
        topic_key: topic,
        target_size: 4,
        existing_member_count: 2,
        languages: 'English',
        campus: 'North',
        modality: 'either',
        availability: [{ day: 'tue', start: '14:00', end: '16:00' }],
        members: [
          { username: a.name, display_name: a.name, is_owner: true },
          { username: c.name, display_name: c.name },
        ],
      });
      expect(withBlocker.status).toBe(400);
      expect(withBlocker.json.error).toBe(t.cannotAdd([c.name]));
    });
  });
});
