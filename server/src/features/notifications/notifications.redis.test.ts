import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, uniqueName } from '../../../test/http-client';
import { openReadyNotificationSocket } from '../../../test/notification-socket';
import { startServerPairOnRedis, type TestServer } from '../../../test/test-app';

/** Two servers share one PostgreSQL schema and Redis: a notification finds its user on either. */
describe('notifications across two servers behind one Redis and one PostgreSQL', () => {
  let pair: Awaited<ReturnType<typeof startServerPairOnRedis>>;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    pair = await startServerPairOnRedis('notif');
    ({ a, b } = pair);
  });
  afterAll(async () => pair?.close());

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
    expect(await socket.next((f) => f.type === 'notification.counts')).toEqual({
      type: 'notification.counts',
      unread: {},
      unread_count: 0,
    });
    await socket.close();
  });
});
