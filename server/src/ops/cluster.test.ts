import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, roomSocketsPerProcess, type Cluster } from '../../test/cluster';
import { TestClient, uniqueName } from '../../test/http-client';
import { openReadyNotificationSocket } from '../../test/notification-socket';
import { REDIS_URL, clearRedisPrefix, createTestDatabase } from '../../test/test-app';
import { openReadySocket, type TestSocket } from '../../test/ws-client';
import { connectRedis } from '../lib/redis';

const ROOM = 'science.computer_science.cs-101';

/**
 * `npm run cluster` as shipped: nginx in front of three processes on PostgreSQL (a schema of its
 * own) and Redis (a key prefix of its own). Everything below goes through nginx only; the
 * processes' own ports are only read to see where sockets landed.
 */
describe('the cluster behind nginx', () => {
  let cluster: Cluster;
  let drop: () => Promise<void>;
  const prefix = `studium:cluster:${process.pid}:${Date.now()}:`;

  beforeAll(async () => {
    const database = await createTestDatabase('postgres');
    drop = database.drop;
    cluster = await startCluster({
      ...database.env,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      METRICS_TOKEN: 'cluster-test-metrics-token',
    });
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
    await drop?.();
    await clearRedisPrefix(await connectRedis(REDIS_URL, () => {}), prefix);
  }, 60_000);

  it('answers /readyz through nginx', async () => {
    const res = await fetch(`${cluster.baseUrl}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
  });

  it('lets two users whose sockets are on different processes chat live, react and get notified', async () => {
    const alice = new TestClient(cluster.baseUrl);
    const bob = new TestClient(cluster.baseUrl);
    const aliceName = await alice.signUp(uniqueName('alice'));
    const bobName = await bob.signUp(uniqueName('bob'));
    const room = (await alice.get(`/api/rooms/${ROOM}/`)).json as { id: number };

    const aliceSocket = await openReadySocket(cluster.baseUrl, alice, room.id);
    const onAlice = (await roomSocketsPerProcess(cluster.ports)).map((n) => n === 1);
    // Round-robin hands out processes in turn; retry until bob's socket is on another process.
    let bobSocket: TestSocket | null = null;
    for (let attempt = 0; attempt < 6 && !bobSocket; attempt++) {
      const socket = await openReadySocket(cluster.baseUrl, bob, room.id);
      const counts = await roomSocketsPerProcess(cluster.ports);
      if (counts.some((n, i) => n === 1 && !onAlice[i])) bobSocket = socket;
      else await socket.close();
    }
    expect(bobSocket).not.toBeNull();
    const bobLive = bobSocket!;

    aliceSocket.send({ action: 'send_message', message: 'hello from one process', client_id: 'c-1' });
    const msg = await bobLive.next(
      (f) => f.type === 'message' && f.message === 'hello from one process',
      5000,
    );
    expect(msg).toMatchObject({ username: aliceName });
    bobLive.send({ action: 'send_message', message: 'and back from another', client_id: 'c-2' });
    expect(
      await aliceSocket.next((f) => f.type === 'message' && f.message === 'and back from another', 5000),
    ).toMatchObject({ username: bobName });

    bobLive.send({ action: 'react_message', message_id: msg.id, emoji: '👍' });
    expect(await aliceSocket.next((f) => f.type === 'reaction', 5000)).toEqual({
      type: 'reaction',
      id: msg.id,
      reactions: { '👍': 1 },
    });

    const { socket: notifications } = await openReadyNotificationSocket(cluster.baseUrl, alice);
    const { room: dm } = (await bob.post('/api/dms/', { username: aliceName })).json as { room: number };
    expect((await bob.post(`/api/rooms/${dm}/messages/`, { content: 'a DM through nginx' })).status).toBe(
      201,
    );
    expect(await notifications.next((f) => f.type === 'notification.created', 5000)).toMatchObject({
      notification: { kind: 'dm', room: dm, actor: bobName },
    });

    await Promise.all([aliceSocket.close(), bobLive.close(), notifications.close()]);
  });

  it('serves the hashed assets with a year of caching', async () => {
    const html = await (await fetch(`${cluster.baseUrl}/`, { headers: { accept: 'text/html' } })).text();
    const asset = /\/assets\/[^"\s]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const res = await fetch(cluster.baseUrl + asset!);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("takes the page's scheme from nginx: an http page may write, an https one may not, whatever the client claims", async () => {
    const client = new TestClient(cluster.baseUrl);
    await client.signUp(uniqueName('scheme'));
    const write = async (headers: Record<string, string>) =>
      (await client.post('/api/profile/settings/presence/', { show_presence: true }, { headers })).status;
    const { host } = new URL(cluster.baseUrl);
    expect(await write({ origin: `http://${host}` })).toBe(200);
    expect(await write({ origin: `https://${host}` })).toBe(403);
    // nginx sets X-Forwarded-Proto itself: a client's own is not passed on.
    expect(await write({ origin: `https://${host}`, 'x-forwarded-proto': 'https' })).toBe(403);
  });

  it('refuses /metrics to a client beyond the proxy without the token', async () => {
    const remote = { 'x-forwarded-for': '203.0.113.7' };
    expect((await fetch(`${cluster.baseUrl}/metrics`, { headers: remote })).status).toBe(403);
    const withToken = await fetch(`${cluster.baseUrl}/metrics`, {
      headers: { ...remote, authorization: 'Bearer cluster-test-metrics-token' },
    });
    expect(withToken.status).toBe(200);
    expect(await withToken.text()).toContain('studium_open_sockets');
    expect((await fetch(`${cluster.baseUrl}/metrics`)).status).toBe(200);
  });
});
