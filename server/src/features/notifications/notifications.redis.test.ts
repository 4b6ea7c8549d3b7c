import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, uniqueName } from '../../../test/http-client';
import { openReadyNotificationSocket } from '../../../test/notification-socket';
import { REDIS_URL, clearRedisPrefix, createTestDatabase, startServerOn, type TestServer } from '../../../test/test-app';
import { connectRedis, type RedisClient } from '../../lib/redis';

/** Two servers share one PostgreSQL schema and Redis: a notification finds its user on either. */
describe('notifications across two servers behind one Redis and one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  let drop: () => Promise<void>;
  let redis: RedisClient;
  const prefix = `studium:test:notif:${process.pid}:${Date.now()}:`;

  beforeAll(async () => {
    const database = await createTestDatabase('postgres');
    drop = database.drop;
    const env = { REDIS_URL, REDIS_PREFIX: prefix, MESSAGE_RATE_LIMIT: '1000/100' };
    a = await startServerOn(database.env, env);
    b = await startServerOn(database.env, env);
    redis = await connectRedis(REDIS_URL, () => {});
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
    if (redis) await clearRedisPrefix(redis, prefix);
  });

  it('delivers to a user on server A the notification of a DM sent on server B, and the counts of a read on B', async () => {
    const onA = new TestClient(a.baseUrl);
    const onB = new TestClient(b.baseUrl);
    const reader = await onA.signUp(uniqueName('reader'));
    const writer = await onB.signUp(uniqueName('writer'));
    const { socket } = await openReadyNotificationSocket(a.baseUrl, onA);
    const room = (await onB.post('/api/dms/', { username: reader })).json.room as number;
    await onB.post(`/api/rooms/${room}/messages/`, { content: 'across servers' });
    expect(await socket.next((f) => f.type === 'notification.created')).toMatchObject({
      notification: { kind: 'dm', room, actor: writer, text: 'across servers' },
      unread: { [room]: 1 },
      unread_count: 1,
    });
    const viaB = new TestClient(b.baseUrl);
    for (const [k, v] of onA.cookies) viaB.cookies.set(k, v);
    expect((await viaB.post('/api/notifications/mark_read/', { all: true })).status).toBe(200);
    expect(await socket.next((f) => f.type === 'notification.counts')).toEqual({ type: 'notification.counts', unread: {}, unread_count: 0 });
    await socket.close();
  });
});
