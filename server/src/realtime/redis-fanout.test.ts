import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrivateRoom, createRoom } from '../../test/factories';
import { TestClient, uniqueName } from '../../test/http-client';
import { startServerPairOnRedis, type TestServer } from '../../test/test-app';
import { openReadySocket } from '../../test/ws-client';

/**
 * Two servers (two buildApp instances, each with its own in-process state) share one PostgreSQL
 * schema and Redis — the scale-out deployment of docs/scaling.md. Nothing but Redis connects their hubs.
 */
describe('two servers behind one Redis and one PostgreSQL', () => {
  let pair: Awaited<ReturnType<typeof startServerPairOnRedis>>;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    pair = await startServerPairOnRedis('fanout');
    ({ a, b } = pair);
  });
  afterAll(async () => pair?.close());

  it('delivers live to a user on server A the message, edit and reaction made on server B', async () => {
    expect(a.ctx.bus).not.toBe(b.ctx.bus);
    const onA = new TestClient(a.baseUrl);
    const onB = new TestClient(b.baseUrl);
    await onA.signUp(uniqueName('reader'));
    const writer = await onB.signUp(uniqueName('writer'));
    const room = await createRoom(a.ctx);

    const listener = await openReadySocket(a.baseUrl, onA, room.id);
    const speaker = await openReadySocket(b.baseUrl, onB, room.id);
    expect(a.hub.size).toBe(1);
    expect(b.hub.size).toBe(1);

    speaker.send({ action: 'send_message', message: 'hello from B', client_id: 'b-1' });
    const msg = await listener.next((f) => f.type === 'message');
    expect(msg).toMatchObject({ username: writer, message: 'hello from B' });
    expect(msg).not.toHaveProperty('client_id');
    expect(await speaker.next((f) => f.type === 'message')).toMatchObject({ id: msg.id, client_id: 'b-1' });

    speaker.send({ action: 'edit_message', message_id: msg.id, content: 'edited on B' });
    expect(await listener.next((f) => f.type === 'edit')).toMatchObject({
      id: msg.id,
      message: 'edited on B',
      edit_count: 1,
    });

    const reacted = await onB.post(`/api/messages/${msg.id}/react/`, { emoji: '🎉' });
    expect(reacted.json).toEqual({ reactions: { '🎉': 1 } });
    expect(await listener.next((f) => f.type === 'reaction')).toEqual({
      type: 'reaction',
      id: msg.id,
      reactions: { '🎉': 1 },
    });

    await Promise.all([listener.close(), speaker.close()]);
  });

  it('tells a socket on server A of a rename, a bot switch and tombstones made through server B', async () => {
    const onA = new TestClient(a.baseUrl);
    const onB = new TestClient(b.baseUrl);
    const reader = await onA.signUp(uniqueName('reader'));
    const owner = await onB.signUp(uniqueName('owner'));
    const room = await createPrivateRoom(a.ctx, owner, [reader]);
    const listener = await openReadySocket(a.baseUrl, onA, room.id);

    expect((await onB.post(`/api/rooms/${room.id}/rename/`, { name: 'Renamed on B' })).status).toBe(200);
    expect(await listener.next((f) => f.type === 'room_updated')).toMatchObject({
      room: { id: room.id, name: 'Renamed on B', is_bot_allowed: false, owner_username: owner },
    });
    expect((await onB.post(`/api/rooms/${room.id}/bot-allowed/`, { is_bot_allowed: true })).status).toBe(200);
    expect(await listener.next((f) => f.type === 'room_updated')).toMatchObject({
      room: { id: room.id, name: 'Renamed on B', is_bot_allowed: true },
    });

    const sent = await onB.post(`/api/rooms/${room.id}/messages/`, { content: 'soon a tombstone' });
    await listener.next((f) => f.type === 'message');
    expect((await onB.post(`/api/profile/delete/${owner}/`)).status).toBe(200);
    expect(await listener.next((f) => f.type === 'messages_tombstoned')).toEqual({
      type: 'messages_tombstoned',
      ids: [sent.json.id],
    });
    await listener.close();
  });

  it("closes a session's sockets on server A when it logs out through server B", async () => {
    const user = new TestClient(a.baseUrl);
    await user.signUp(uniqueName('roamer'));
    const room = await createRoom(a.ctx);
    const socket = await openReadySocket(a.baseUrl, user, room.id);
    const viaB = new TestClient(b.baseUrl);
    for (const [k, v] of user.cookies) viaB.cookies.set(k, v);
    expect((await viaB.post('/api/logout/')).status).toBe(200);
    expect((await socket.closed).code).toBe(4001);
  });

  it('subscribes a server to a room only while it holds sockets of it', async () => {
    const user = new TestClient(a.baseUrl);
    await user.signUp(uniqueName('sub'));
    const room = await createRoom(a.ctx);
    const channel = `${pair.prefix}bus:room:${room.id}`;
    const count = async () => Number((await pair.redis.pubSubNumSub(channel))[channel] ?? 0);
    const socket = await openReadySocket(a.baseUrl, user, room.id);
    expect(await count()).toBe(1);
    await socket.close();
    for (let i = 0; i < 50 && (await count()) > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await count()).toBe(0);
  });
});
