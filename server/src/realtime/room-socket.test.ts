import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CHAT_TEXTS, WS_CLOSE } from '@studium/protocol';
import { createPrivateRoom, createRoom } from '../../test/factories';
import { TestClient, uniqueName } from '../../test/http-client';
import { DIALECTS, startTestServer, type TestServer } from '../../test/test-app';
import { openReadySocket, openRoomSocket } from '../../test/ws-client';

const t = CHAT_TEXTS.chat;

describe.each(DIALECTS)('room socket handshake and hardening on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let aliceName: string;
  beforeAll(async () => {
    server = await startTestServer(dialect, { MESSAGE_RATE_LIMIT: '1000/100' });
    alice = new TestClient(server.baseUrl);
    aliceName = await alice.signUp(uniqueName('alice'));
  });
  afterAll(async () => server?.close());

  it('closes with 4001 when not logged in, with or without an Origin', async () => {
    const room = await createRoom(server.ctx);
    expect((await openRoomSocket(server.baseUrl, null, room.id).closed).code).toBe(WS_CLOSE.notLoggedIn);
    expect((await openRoomSocket(server.baseUrl, null, room.id, { origin: null }).closed).code).toBe(
      WS_CLOSE.notLoggedIn,
    );
  });

  it('closes with 4003 when the user cannot read the room, and 4004 for an unknown room', async () => {
    const owner = new TestClient(server.baseUrl);
    const room = await createPrivateRoom(server.ctx, await owner.signUp(uniqueName('owner')));
    expect((await openRoomSocket(server.baseUrl, alice, room.id).closed).code).toBe(WS_CLOSE.noPermission);
    expect((await openRoomSocket(server.baseUrl, alice, 'no.such.room').closed).code).toBe(
      WS_CLOSE.roomNotFound,
    );
  });

  it.each(['https://evil.example', 'null'])('refuses the upgrade from Origin %s', async (origin) => {
    const room = await createRoom(server.ctx);
    const socket = openRoomSocket(server.baseUrl, alice, room.id, { origin });
    await expect(socket.opened).rejects.toThrow(/403/);
  });

  it('accepts a logged-in client without an Origin (non-browser), by id or path', async () => {
    const room = await createRoom(server.ctx);
    const socket = openRoomSocket(server.baseUrl, alice, room.path, { origin: null });
    await socket.opened;
    socket.send({ action: 'send_message', message: 'from a script' });
    expect(await socket.next((f) => f.type === 'message')).toMatchObject({
      username: aliceName,
      message: 'from a script',
    });
    await socket.close();
  });

  it('answers malformed JSON, unknown actions, binary and invalid frames with {error} and stays usable', async () => {
    const room = await createRoom(server.ctx);
    const socket = await openReadySocket(server.baseUrl, alice, room.id);
    socket.send('{not json');
    expect(await socket.next()).toEqual({ error: t.malformedFrame });
    socket.send('[1,2]');
    expect(await socket.next()).toEqual({ error: t.malformedFrame });
    socket.send({ action: 'delete_everything' });
    expect(await socket.next()).toEqual({ error: t.unknownAction });
    socket.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await socket.next()).toEqual({ error: t.malformedFrame });
    socket.send({ action: 'send_message', message: 'x'.repeat(1001) });
    expect(await socket.next()).toEqual({ error: t.maxChars });
    socket.send({ action: 'send_message', message: '   ' });
    expect(await socket.next()).toEqual({ error: t.messageRequired });
    socket.send({ action: 'send_message', message: 'ok', extra: 1 });
    expect((await socket.next()).error).toEqual(expect.any(String));
    socket.send({ action: 'send_message', message: 'still here' });
    expect(await socket.next((f) => f.type === 'message')).toMatchObject({ message: 'still here' });
    await socket.close();
  });

  it('closes with 1009 on a frame over 16 KiB (ws maxPayload)', async () => {
    const room = await createRoom(server.ctx);
    const socket = await openReadySocket(server.baseUrl, alice, room.id);
    socket.send({ action: 'send_message', message: 'x'.repeat(17 * 1024) });
    expect((await socket.closed).code).toBe(WS_CLOSE.tooBig);
  });

  it('refuses frames over 120 a minute with {error}, then closes a sustained flood with 1008', async () => {
    const room = await createRoom(server.ctx);
    const socket = await openReadySocket(server.baseUrl, alice, room.id);
    for (let i = 0; i < 119; i++) socket.send({ action: 'noop' });
    for (let i = 0; i < 119; i++) await socket.next((f) => f.error === t.unknownAction);
    socket.send({ action: 'noop' });
    expect(await socket.next()).toEqual({ error: t.slowDown });
    for (let i = 0; i < 30; i++) socket.send({ action: 'noop' });
    expect((await socket.closed).code).toBe(WS_CLOSE.policy);
  });

  it('caps a user at 20 sockets', async () => {
    const room = await createRoom(server.ctx);
    const c = new TestClient(server.baseUrl);
    await c.signUp(uniqueName('many'));
    const sockets = [];
    for (let i = 0; i < 20; i++) sockets.push(await openReadySocket(server.baseUrl, c, room.id));
    expect((await openRoomSocket(server.baseUrl, c, room.id).closed).code).toBe(WS_CLOSE.policy);
    await Promise.all(sockets.map((s) => s.close()));
  });

  it('closes the sockets of a session on logout, and refuses the old cookie afterwards', async () => {
    const room = await createRoom(server.ctx);
    const c = new TestClient(server.baseUrl);
    await c.signUp(uniqueName('leaver'));
    const cookie = c.cookieHeader;
    const socket = await openReadySocket(server.baseUrl, c, room.id);
    await c.post('/api/logout/');
    expect((await socket.closed).code).toBe(WS_CLOSE.notLoggedIn);
    const replay = new TestSocketFromCookie(server.baseUrl, room.id, cookie);
    expect((await replay.closed).code).toBe(WS_CLOSE.notLoggedIn);
  });

  it('answers a plain GET of the socket path with 404', async () => {
    const room = await createRoom(server.ctx);
    expect((await alice.get(`/ws/room/${room.id}/`)).status).toBe(404);
  });
});

class TestSocketFromCookie {
  readonly closed: Promise<{ code: number }>;
  constructor(baseUrl: string, room: number, cookie: string) {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws/room/${room}/`, {
      headers: { cookie, origin: baseUrl },
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve({ code })));
  }
}
