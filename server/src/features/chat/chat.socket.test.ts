import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TEXTS, WS_CLOSE } from '@studium/protocol';
import { addMember, createPrivateRoom, createRoom, isMember, userId } from '../../../test/factories';
import { TestClient, uniqueName } from '../../../test/http-client';
import { DIALECTS, startTestServer, startServerWithTwoUsers, type TestServer } from '../../../test/test-app';
import { openReadySocket } from '../../../test/ws-client';

const t = CHAT_TEXTS.chat;
const isMessage = (f: { type?: string }) => f.type === 'message';

describe.each(DIALECTS)('chat over the room socket on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceName: string;
  let bobName: string;
  beforeAll(async () => {
    ({ server, alice, bob, aliceName, bobName } = await startServerWithTwoUsers(dialect));
  });
  afterAll(async () => server?.close());

  it('sends a message to everyone in the room, echoing client_id to the author only', async () => {
    const room = await createRoom(server.ctx);
    const other = await createRoom(server.ctx);
    const [a, b, elsewhere] = [
      await openReadySocket(server.baseUrl, alice, room.id),
      await openReadySocket(server.baseUrl, bob, room.id),
      await openReadySocket(server.baseUrl, bob, other.id),
    ];
    a.send({
      action: 'send_message',
      message: ' hi **all** ',
      reply_to: null,
      mentions: [],
      client_id: 'k1',
    });
    const mine = await a.next(isMessage);
    const theirs = await b.next(isMessage);
    expect(mine).toMatchObject({
      type: 'message',
      username: aliceName,
      message: 'hi **all**',
      reply_to: null,
      reactions: {},
      edited_at: null,
      edit_count: 0,
      client_id: 'k1',
      can_edit: true,
      can_delete: true,
    });
    // The same message, with the reader's own rights and without the author's key.
    const { client_id: _key, ...withoutKey } = mine;
    expect(theirs).toEqual({ ...withoutKey, can_edit: false, can_delete: false });
    expect(await elsewhere.nothing(isMessage)).toBe(true);
    expect((await alice.get(`/api/rooms/${room.id}/messages/`)).json.messages).toHaveLength(1);
    await Promise.all([a.close(), b.close(), elsewhere.close()]);
  });

  it('stores one message for a retried client_id and echoes it to the retrying socket only', async () => {
    const room = await createRoom(server.ctx);
    const [a, b] = [
      await openReadySocket(server.baseUrl, alice, room.id),
      await openReadySocket(server.baseUrl, bob, room.id),
    ];
    a.send({ action: 'send_message', message: 'once', client_id: 'retry-1' });
    const first = await a.next(isMessage);
    await b.next(isMessage);
    a.send({ action: 'send_message', message: 'once', client_id: 'retry-1' });
    expect(await a.next(isMessage)).toMatchObject({ id: first.id, client_id: 'retry-1' });
    expect(await b.nothing(isMessage)).toBe(true);
    expect((await alice.get(`/api/rooms/${room.id}/messages/`)).json.messages).toHaveLength(1);
    await Promise.all([a.close(), b.close()]);
  });

  it("echoes an edit's client_id to the author only, answers a retried edit to the retrying socket, and names a refused edit", async () => {
    const room = await createRoom(server.ctx);
    const [a, b] = [
      await openReadySocket(server.baseUrl, alice, room.id),
      await openReadySocket(server.baseUrl, bob, room.id),
    ];
    a.send({ action: 'send_message', message: 'draft' });
    const msg = await b.next(isMessage);
    await a.next(isMessage);

    a.send({ action: 'edit_message', message_id: msg.id, content: 'final', client_id: 'e1' });
    const mine = await a.next((f) => f.type === 'edit');
    expect(mine).toMatchObject({ id: msg.id, message: 'final', edit_count: 1, client_id: 'e1' });
    const { client_id: _key, ...withoutKey } = mine;
    expect(await b.next((f) => f.type === 'edit')).toEqual(withoutKey);

    // The same edit again (its echo was lost): nothing changes, only the retrying socket hears it.
    a.send({ action: 'edit_message', message_id: msg.id, content: 'final', client_id: 'e1' });
    expect(await a.next((f) => f.type === 'edit')).toEqual(mine);
    expect(await b.nothing((f) => f.type === 'edit')).toBe(true);
    const history = await alice.get(`/api/messages/${msg.id}/history/`);
    expect(history.json.versions).toHaveLength(2);

    b.send({ action: 'edit_message', message_id: msg.id, content: 'hacked', client_id: 'e2' });
    expect(await b.next((f) => f.error !== undefined)).toEqual({ error: t.onlyAuthorEdits, client_id: 'e2' });
    await Promise.all([a.close(), b.close()]);
  });

  it('broadcasts edits and reactions, and refuses an edit by a non-author without changing anything', async () => {
    const room = await createRoom(server.ctx);
    const [a, b] = [
      await openReadySocket(server.baseUrl, alice, room.id),
      await openReadySocket(server.baseUrl, bob, room.id),
    ];
    a.send({ action: 'send_message', message: 'v1' });
    const msg = await b.next(isMessage);
    await a.next(isMessage);

    b.send({ action: 'edit_message', message_id: msg.id, content: 'hacked' });
    expect(await b.next((f) => f.error !== undefined)).toEqual({ error: t.onlyAuthorEdits });
    expect(await a.nothing((f) => f.type === 'edit')).toBe(true);

    a.send({ action: 'edit_message', message_id: msg.id, content: 'v2' });
    const edit = await b.next((f) => f.type === 'edit');
    expect(edit).toEqual({
      type: 'edit',
      id: msg.id,
      message: 'v2',
      edited_at: expect.any(String),
      edit_count: 1,
    });

    b.send({ action: 'react_message', message_id: msg.id, emoji: '👍' });
    expect(await a.next((f) => f.type === 'reaction')).toEqual({
      type: 'reaction',
      id: msg.id,
      reactions: { '👍': 1 },
    });
    b.send({ action: 'react_message', message_id: msg.id, emoji: 'not an emoji' });
    expect(await b.next((f) => f.error !== undefined)).toEqual({ error: t.emojiNotAllowed });

    const stored = (await alice.get(`/api/rooms/${room.id}/messages/`)).json.messages as Array<
      Record<string, unknown>
    >;
    expect(stored[0]).toMatchObject({ message: 'v2', edit_count: 1, reactions: { '👍': 1 } });
    await Promise.all([a.close(), b.close()]);
  });

  it("sends the REST fallback's messages to the room sockets too", async () => {
    const room = await createRoom(server.ctx);
    const b = await openReadySocket(server.baseUrl, bob, room.id);
    const res = await alice.post(`/api/rooms/${room.id}/messages/`, {
      content: 'via REST',
      client_id: 'rest-1',
    });
    expect(await b.next(isMessage)).toMatchObject({ id: res.json.id, message: 'via REST' });
    await b.close();
  });

  it('auto-joins a reader who writes in a write-gated public room', async () => {
    const room = await createRoom(server.ctx);
    const b = await openReadySocket(server.baseUrl, bob, room.id);
    b.send({ action: 'send_message', message: 'first words' });
    await b.next(isMessage);
    expect(await isMember(server.ctx, room.id, bobName)).toBe(true);
    await b.close();
  });

  it('names the failed send in its {error} frame by client_id, so the other pending sends stay pending', async () => {
    const [room, other] = [await createRoom(server.ctx), await createRoom(server.ctx)];
    const elsewhere = await alice.post(`/api/rooms/${other.id}/messages/`, { content: 'over there' });
    const a = await openReadySocket(server.baseUrl, alice, room.id);
    a.send({ action: 'send_message', message: 'fine', client_id: 'ok-1' });
    a.send({ action: 'send_message', message: 'reply', reply_to: elsewhere.json.id, client_id: 'bad-1' });
    a.send({ action: 'send_message', message: 'x'.repeat(1001), client_id: 'bad-2' });
    a.send({ action: 'react_message', message_id: 999999, emoji: '👍' });
    expect(await a.next(isMessage)).toMatchObject({ message: 'fine', client_id: 'ok-1' });
    expect(await a.next((f) => f.error !== undefined)).toEqual({
      error: t.replyOtherRoom,
      client_id: 'bad-1',
    });
    expect(await a.next((f) => f.error !== undefined)).toEqual({ error: t.maxChars, client_id: 'bad-2' });
    expect(await a.next((f) => f.error !== undefined)).toEqual({ error: t.messageNotFound });
    await a.close();
  });

  it('refuses a reply into another room over the socket', async () => {
    const [room, other] = [await createRoom(server.ctx), await createRoom(server.ctx)];
    const elsewhere = await alice.post(`/api/rooms/${other.id}/messages/`, { content: 'over there' });
    const a = await openReadySocket(server.baseUrl, alice, room.id);
    a.send({ action: 'send_message', message: 'reply', reply_to: elsewhere.json.id });
    expect(await a.next()).toEqual({ error: t.replyOtherRoom });
    await a.close();
  });

  it('re-checks membership on every frame: a removed member gets {error} and the socket closes with 4003', async () => {
    const room = await createPrivateRoom(server.ctx, aliceName, [bobName]);
    const b = await openReadySocket(server.baseUrl, bob, room.id);
    b.send({ action: 'send_message', message: 'member talk' });
    await b.next(isMessage);
    await server.ctx.db
      .deleteFrom('room_members')
      .where('room_id', '=', room.id)
      .where('user_id', '=', await userId(server.ctx, bobName))
      .execute();
    b.send({ action: 'send_message', message: 'still here?' });
    expect(await b.next()).toEqual({ error: t.noPermission });
    expect((await b.closed).code).toBe(WS_CLOSE.noPermission);
    expect((await alice.get(`/api/rooms/${room.id}/messages/`)).json.messages).toHaveLength(1);
  });

  it('lets members of a members-only room chat', async () => {
    const room = await createPrivateRoom(server.ctx, aliceName);
    await addMember(server.ctx, room.id, bobName);
    const a = await openReadySocket(server.baseUrl, alice, room.id);
    const b = await openReadySocket(server.baseUrl, bob, room.id);
    b.send({ action: 'send_message', message: 'tutors only' });
    expect(await a.next(isMessage)).toMatchObject({ username: bobName });
    await Promise.all([a.close(), b.close()]);
  });
});

describe.each(DIALECTS)('send rate over the socket on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { MESSAGE_RATE_LIMIT: '2/0.01' });
  });
  afterAll(async () => server?.close());

  it('refuses sends past the burst with {error} and keeps the connection', async () => {
    const c = new TestClient(server.baseUrl);
    await c.signUp(uniqueName());
    const room = await createRoom(server.ctx);
    const s = await openReadySocket(server.baseUrl, c, room.id);
    for (let i = 0; i < 3; i++) s.send({ action: 'send_message', message: `m${i}` });
    await s.next(isMessage);
    await s.next(isMessage);
    expect((await s.next((f) => f.error !== undefined)).error).toMatch(/^Too many attempts/);
    s.send({ action: 'send_message', message: 'one more', client_id: 'late-1' });
    expect(await s.next((f) => f.error !== undefined)).toMatchObject({
      error: expect.stringMatching(/^Too many attempts/),
      client_id: 'late-1',
    });
    s.send({ action: 'react_message', message_id: 999999, emoji: '👍' });
    expect(await s.next()).toEqual({ error: t.messageNotFound });
    await s.close();
  });
});
