import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TEXTS } from '@studium/protocol';
import { addMember, createPrivateRoom, createRoom, isMember, userId } from '../../../test/factories';
import { TestClient, uniqueName } from '../../../test/http-client';
import { DIALECTS, startTestServer, startServerWithTwoUsers, type TestServer } from '../../../test/test-app';
import { findRoomById } from '../rooms/rooms.repository';
import { postMessage } from './post-message';

const t = CHAT_TEXTS.chat;
type Msg = {
  id: number;
  username: string;
  message: string;
  reactions: Record<string, number>;
  edit_count: number;
  edited_at: string | null;
};

describe.each(DIALECTS)('messages over REST on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceName: string;
  let bobName: string;
  beforeAll(async () => {
    ({ server, alice, bob, aliceName, bobName } = await startServerWithTwoUsers(dialect));
  });
  afterAll(async () => server?.close());

  const send = (c: TestClient, room: number | string, body: Record<string, unknown>) =>
    c.post(`/api/rooms/${room}/messages/`, body);
  const history = async (c: TestClient, room: number | string, qs = '') =>
    (await c.get(`/api/rooms/${room}/messages/${qs}`)).json as { messages: Msg[]; has_more: boolean };

  it('answers 401 to every message endpoint when logged out', async () => {
    const anon = new TestClient(server.baseUrl);
    await anon.csrf();
    const room = await createRoom(server.ctx);
    expect((await anon.get(`/api/rooms/${room.id}/messages/`)).status).toBe(401);
    expect((await send(anon, room.id, { content: 'hi' })).status).toBe(401);
    expect((await anon.request('PATCH', '/api/messages/1/', { body: { content: 'x' } })).status).toBe(401);
    expect((await anon.post('/api/messages/1/react/', { emoji: '👍' })).status).toBe(401);
    expect((await anon.get('/api/users/search/?q=ab')).status).toBe(401);
    expect((await anon.get('/api/rankings/')).status).toBe(401);
  });

  describe('POST /api/rooms/{room}/messages/', () => {
    it('auto-joins a non-member writing in a write-gated public room, and counts the message', async () => {
      const room = await createRoom(server.ctx);
      expect(await isMember(server.ctx, room.id, bobName)).toBe(false);
      const res = await send(bob, room.id, { content: '  hello  \n  world ' });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({
        username: bobName,
        message: 'hello\nworld',
        reply_to: null,
        reactions: {},
        edited_at: null,
        edit_count: 0,
      });
      expect(await isMember(server.ctx, room.id, bobName)).toBe(true);
      const listed = (await bob.get('/api/rooms/?parent=root')).json.rooms as Array<{
        id: number;
        message_count: number;
        last_message_at: string;
      }>;
      expect(listed.find((r) => r.id === room.id)).toMatchObject({
        message_count: 1,
        last_message_at: res.json.timestamp,
      });
    });

    it('refuses a non-member in a members-only room, and stores nothing', async () => {
      const room = await createPrivateRoom(server.ctx, aliceName);
      const res = await send(bob, room.id, { content: 'let me in' });
      expect(res.status).toBe(403);
      expect(res.json.error).toBe(t.noPermission);
      expect((await bob.get(`/api/rooms/${room.id}/messages/`)).status).toBe(403);
      expect((await history(alice, room.id)).messages).toEqual([]);
    });

    it('refuses reading and writing a DM room to a non-member', async () => {
      const dm = await createRoom(server.ctx, {
        kind: 'dm',
        path: `dm:${aliceName}:q${Date.now()}`,
        is_public_readable: 0,
      });
      await addMember(server.ctx, dm.id, aliceName);
      // A conversation one is not in is answered as an unknown room (docs/dms.md).
      expect((await bob.get(`/api/rooms/${dm.id}/messages/`)).status).toBe(404);
      expect((await send(bob, dm.id, { content: 'hi' })).status).toBe(404);
      expect((await send(alice, encodeURIComponent(dm.path), { content: 'note to self' })).status).toBe(201);
    });

    it.each([
      ['', t.messageRequired],
      ['  \n \n ', t.messageRequired],
      ['x'.repeat(1001), t.maxChars],
    ])('refuses content %j', async (content, message) => {
      const room = await createRoom(server.ctx);
      const res = await send(alice, room.id, { content });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe(message);
    });

    it('stores the text without control characters or bidirectional overrides, emoji and line breaks kept', async () => {
      const room = await createRoom(server.ctx);
      const res = await send(alice, room.id, {
        content: 'see invoice\u202efdp.txt\u0000\r\nline\ttwo \u001b[31mred 👩‍👩‍👧 \u2067שלום\u2069',
      });
      expect(res.status).toBe(201);
      const cleaned = 'see invoicefdp.txt\nline\ttwo [31mred 👩‍👩‍👧 \u2067שלום\u2069';
      expect((res.json as Msg).message).toBe(cleaned);
      expect((await history(alice, room.id)).messages.map((m) => m.message)).toEqual([cleaned]);
      const edited = await alice.request('PATCH', `/api/messages/${(res.json as Msg).id}/`, {
        body: { content: 'fixed\u202d\u0007' },
      });
      expect(edited.json.message).toBe('fixed');
      // Nothing but such characters is no text at all.
      const empty = await send(alice, room.id, { content: '\u202e\u0000' });
      expect(empty.status).toBe(400);
      expect(empty.json.error).toBe(t.messageRequired);
    });

    it('accepts 1000 characters after trimming each line', async () => {
      const room = await createRoom(server.ctx);
      expect((await send(alice, room.id, { content: `   ${'x'.repeat(1000)}   ` })).status).toBe(201);
    });

    it('refuses a reply to a message of another room, and accepts one in the same room', async () => {
      const [a, b] = [await createRoom(server.ctx), await createRoom(server.ctx)];
      const first = (await send(alice, a.id, { content: 'question?' })).json as Msg;
      const wrong = await send(alice, b.id, { content: 'answer', reply_to: first.id });
      expect(wrong.status).toBe(400);
      expect(wrong.json.error).toBe(t.replyOtherRoom);
      const right = await send(bob, a.id, { content: 'answer', reply_to: first.id });
      expect(right.json.reply_to).toBe(first.id);
    });

    it('stores one message for a client_id sent twice', async () => {
      const room = await createRoom(server.ctx);
      const one = await send(alice, room.id, { content: 'once', client_id: 'c-123' });
      const two = await send(alice, room.id, { content: 'once', client_id: 'c-123' });
      expect(one.status).toBe(201);
      expect(two.status).toBe(200);
      expect(two.json.id).toBe(one.json.id);
      expect((await history(alice, room.id)).messages).toHaveLength(1);
      // Another user's identical key is their own.
      expect((await send(bob, room.id, { content: 'mine', client_id: 'c-123' })).status).toBe(201);
    });

    it('answers a client_id sent again only in its own room, and only while its author may still write there', async () => {
      const secret = await createPrivateRoom(server.ctx, aliceName, [bobName]);
      const first = await send(bob, secret.id, {
        content: 'said in the members room',
        client_id: 'c-replay',
      });
      expect(first.status).toBe(201);
      // The same key in another room is no way to read the first message.
      const open = await createRoom(server.ctx);
      const elsewhere = await send(bob, open.id, { content: 'x', client_id: 'c-replay' });
      expect(elsewhere.status).toBe(409);
      expect(JSON.stringify(elsewhere.json)).not.toContain('members room');
      // Removed from the room, neither in it.
      await server.ctx.db
        .deleteFrom('room_members')
        .where('room_id', '=', secret.id)
        .where('user_id', '=', await userId(server.ctx, bobName))
        .execute();
      const again = await send(bob, secret.id, { content: 'x', client_id: 'c-replay' });
      expect(again.status).toBe(403);
      expect(JSON.stringify(again.json)).not.toContain('members room');
      expect((await send(bob, open.id, { content: 'x', client_id: 'c-replay' })).status).toBe(409);
    });

    it('stores mentions of known users, and bounds them', async () => {
      const room = await createRoom(server.ctx);
      const mention = { username: bobName, start: 0, end: bobName.length + 1, display: `@${bobName}` };
      const res = await send(alice, room.id, {
        content: `@${bobName} look`,
        mentions: [mention, { ...mention, username: 'nobody_here' }],
      });
      const rows = await server.ctx.db
        .selectFrom('message_mentions')
        .select('user_id')
        .where('message_id', '=', res.json.id as number)
        .execute();
      expect(rows).toEqual([{ user_id: await userId(server.ctx, bobName) }]);
      const many = await send(alice, room.id, {
        content: 'hi',
        mentions: Array.from({ length: 21 }, () => mention),
      });
      expect(many.status).toBe(400);
      expect(many.json.error).toBe(t.tooManyMentions);
    });

    it('refuses unknown fields', async () => {
      const room = await createRoom(server.ctx);
      expect((await send(alice, room.id, { content: 'x', admin: true })).status).toBe(400);
    });
  });

  describe('GET /api/rooms/{room}/messages/', () => {
    it('pages history oldest first with before, limit and has_more', async () => {
      const room = await createRoom(server.ctx);
      const ids: number[] = [];
      const stored = (await findRoomById(server.ctx.db, room.id))!;
      const author = { id: await userId(server.ctx, aliceName), username: aliceName, sessionId: 0 };
      for (let i = 0; i < 7; i++) {
        const at = new Date().toISOString();
        const posted = await postMessage(server.ctx.db, {
          room: stored,
          author,
          kind: 'person',
          content: `m${i}`,
          at,
        });
        ids.push(posted!.message.id);
      }
      const first = await history(bob, room.id, '?limit=3');
      expect(first.messages.map((m) => m.message)).toEqual(['m4', 'm5', 'm6']);
      expect(first.has_more).toBe(true);
      const second = await history(bob, room.id, `?limit=3&before=${first.messages[0]!.id}`);
      expect(second.messages.map((m) => m.id)).toEqual(ids.slice(1, 4));
      expect(second.has_more).toBe(true);
      const last = await history(bob, room.id, `?limit=3&before=${second.messages[0]!.id}`);
      expect(last).toMatchObject({ messages: [{ message: 'm0' }], has_more: false });
      expect((await history(bob, room.id)).messages).toHaveLength(7);
      expect((await bob.get(`/api/rooms/${room.id}/messages/?limit=101`)).status).toBe(400);
    });
  });

  describe('PATCH /api/messages/{id}/', () => {
    it('lets the author edit and keeps the history', async () => {
      const room = await createRoom(server.ctx);
      const msg = (await send(alice, room.id, { content: 'draft' })).json as Msg;
      const res = await alice.request('PATCH', `/api/messages/${msg.id}/`, { body: { content: ' final ' } });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: msg.id, message: 'final', edit_count: 1 });
      expect(res.json.edited_at).toEqual(expect.any(String));
      const edits = await server.ctx.db
        .selectFrom('message_edits')
        .select('content_before')
        .where('message_id', '=', msg.id)
        .execute();
      expect(edits).toEqual([{ content_before: 'draft' }]);
    });

    it('refuses an edit by someone else and changes nothing', async () => {
      const room = await createRoom(server.ctx);
      const msg = (await send(alice, room.id, { content: 'mine' })).json as Msg;
      const res = await bob.request('PATCH', `/api/messages/${msg.id}/`, { body: { content: 'yours' } });
      expect(res.status).toBe(403);
      expect(res.json.error).toBe(t.onlyAuthorEdits);
      expect((await history(alice, room.id)).messages[0]).toMatchObject({
        message: 'mine',
        edit_count: 0,
        edited_at: null,
      });
    });

    it('refuses empty content and answers 404 for an unknown or unreadable message', async () => {
      const room = await createRoom(server.ctx);
      const msg = (await send(alice, room.id, { content: 'x' })).json as Msg;
      expect(
        (await alice.request('PATCH', `/api/messages/${msg.id}/`, { body: { content: '  ' } })).json.error,
      ).toBe(t.messageRequired);
      expect((await alice.request('PATCH', '/api/messages/999999/', { body: { content: 'y' } })).status).toBe(
        404,
      );
      const secret = await createPrivateRoom(server.ctx, aliceName);
      const hidden = (await send(alice, secret.id, { content: 'secret' })).json as Msg;
      expect((await bob.post(`/api/messages/${hidden.id}/react/`, { emoji: '👍' })).status).toBe(404);
    });
  });
});

describe.each(DIALECTS)('message rate limit on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { MESSAGE_RATE_LIMIT: '3/0.01' });
  });
  afterAll(async () => server?.close());

  it('refuses the send after the burst with 429', async () => {
    const c = new TestClient(server.baseUrl);
    await c.signUp(uniqueName());
    const room = await createRoom(server.ctx);
    for (let i = 0; i < 3; i++)
      expect((await c.post(`/api/rooms/${room.id}/messages/`, { content: `m${i}` })).status).toBe(201);
    const limited = await c.post(`/api/rooms/${room.id}/messages/`, { content: 'one more' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
