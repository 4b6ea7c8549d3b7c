import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrivateRoom } from '../../../test/factories';
import { TestClient, uniqueName } from '../../../test/http-client';
import { openReadyNotificationSocket } from '../../../test/notification-socket';
import { openReadyPresenceSocket } from '../../../test/presence-socket';
import { startServerPairOnRedis, type TestServer } from '../../../test/test-app';
import { openReadySocket } from '../../../test/ws-client';

const isPresenceOf = (name: string, online: boolean) => (f: { type?: string; online?: unknown }) =>
  f.type === 'presence' && (f.online as Record<string, boolean>)[name] === online;

/** Two servers on one Redis: typing and presence cross between them, and Redis keeps the state. */
describe('typing and presence across two servers behind one Redis', () => {
  let pair: Awaited<ReturnType<typeof startServerPairOnRedis>>;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    pair = await startServerPairOnRedis('presence');
    ({ a, b } = pair);
  });
  afterAll(async () => pair?.close());

  it("relays typing on server B to a room's socket on server A", async () => {
    const onA = new TestClient(a.baseUrl);
    const onB = new TestClient(b.baseUrl);
    const reader = await onA.signUp(uniqueName('reader'));
    const typist = await onB.signUp(uniqueName('typist'));
    const room = await createPrivateRoom(a.ctx, typist, [reader]);
    const listener = await openReadySocket(a.baseUrl, onA, room.id);
    const speaker = await openReadySocket(b.baseUrl, onB, room.id);
    speaker.send({ action: 'typing' });
    expect(await listener.next((f) => f.type === 'typing')).toEqual({ type: 'typing', username: typist });
    await Promise.all([listener.close(), speaker.close()]);
  });

  it('shows a user online on A while their only socket is on B, and offline once it closes', async () => {
    const watcherClient = new TestClient(a.baseUrl);
    await watcherClient.signUp(uniqueName('watcher'));
    const onB = new TestClient(b.baseUrl);
    const ana = await onB.signUp(uniqueName('ana'));
    const { socket: watcher, first } = await openReadyPresenceSocket(a.baseUrl, watcherClient, [ana]);
    expect(first.online).toEqual({ [ana]: false });

    const { socket: tab } = await openReadyNotificationSocket(b.baseUrl, onB);
    await watcher.next(isPresenceOf(ana, true), 5000);
    const keys = await pair.redis.keys(`${pair.prefix}presence:*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(await pair.redis.pTTL(keys[0]!)).toBeGreaterThan(0);

    // A second socket on A, then the one on B closes: still online (counted over both servers).
    const onA = new TestClient(a.baseUrl);
    await onA.login(ana);
    const { socket: tabOnA } = await openReadyNotificationSocket(a.baseUrl, onA);
    await tab.close();
    expect(await watcher.nothing(isPresenceOf(ana, false))).toBe(true);
    await tabOnA.close();
    await watcher.next(isPresenceOf(ana, false), 5000);
    await watcher.close();
  });

  it('shows an opted-out user offline on the other server and drops their typing', async () => {
    const onA = new TestClient(a.baseUrl);
    const onB = new TestClient(b.baseUrl);
    const reader = await onA.signUp(uniqueName('reader'));
    const shy = await onB.signUp(uniqueName('shy'));
    expect((await onB.post('/api/profile/settings/presence/', { show_presence: false })).status).toBe(200);
    const { socket: tab } = await openReadyNotificationSocket(b.baseUrl, onB);
    const { socket: watcher, first } = await openReadyPresenceSocket(a.baseUrl, onA, [shy]);
    expect(first.online).toEqual({ [shy]: false });

    const room = await createPrivateRoom(a.ctx, shy, [reader]);
    const listener = await openReadySocket(a.baseUrl, onA, room.id);
    const speaker = await openReadySocket(b.baseUrl, onB, room.id);
    speaker.send({ action: 'typing' });
    speaker.send({ action: 'send_message', message: 'after typing' });
    await listener.next((f) => f.type === 'message');
    expect(await listener.nothing((f) => f.type === 'typing')).toBe(true);
    expect(await watcher.nothing(isPresenceOf(shy, true))).toBe(true);
    await Promise.all([tab.close(), watcher.close(), listener.close(), speaker.close()]);
  });
});
