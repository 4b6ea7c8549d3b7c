import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNREAD_LIMITS } from '@studium/protocol';
import { createPrivateRoom } from '../../../test/factories';
import { TestClient, uniqueName } from '../../../test/http-client';
import { openReadyNotificationSocket } from '../../../test/notification-socket';
import { startServerPairOnRedis, type TestServer } from '../../../test/test-app';
import type { Frame } from '../../../test/ws-client';

/** Two servers share one PostgreSQL schema and Redis: a member's counts follow them on either. */
describe('live read state across two servers behind one Redis and one PostgreSQL', () => {
  let pair: Awaited<ReturnType<typeof startServerPairOnRedis>>;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    pair = await startServerPairOnRedis('unread');
    ({ a, b } = pair);
  });
  afterAll(async () => pair?.close());

  it('sends a reader on server A the counts of a message written on server B, and of a read on B', async () => {
    const onA = new TestClient(a.baseUrl);
    const onB = new TestClient(b.baseUrl);
    const reader = await onA.signUp(uniqueName('reader'));
    const writer = await onB.signUp(uniqueName('writer'));
    const room = await createPrivateRoom(b.ctx, writer, [reader]);
    const { socket } = await openReadyNotificationSocket(a.baseUrl, onA);
    const ofRoom = (f: Frame) => f.type === 'read_state' && f.room === room.id;

    const sent = await onB.post(`/api/rooms/${room.id}/messages/`, {
      content: `@${reader} across servers`,
      mentions: [{ username: reader, start: 0, end: reader.length + 1 }],
    });
    expect(sent.status).toBe(201);
    expect(await socket.next(ofRoom, 5000)).toEqual({
      type: 'read_state',
      room: room.id,
      read_state: { unread: 1, mentions: 1, last_read_id: 0 },
      message_count: expect.any(Number),
      last_message_at: expect.any(String),
    });

    const viaB = new TestClient(b.baseUrl);
    for (const [k, v] of onA.cookies) viaB.cookies.set(k, v);
    const id = sent.json.id as number;
    expect((await viaB.post(`/api/rooms/${room.id}/read/`, { last_read_id: id })).status).toBe(200);
    expect(await socket.next(ofRoom, UNREAD_LIMITS.liveIntervalMs + 5000)).toEqual({
      type: 'read_state',
      room: room.id,
      read_state: { unread: 0, mentions: 0, last_read_id: id },
      message_count: expect.any(Number),
      last_message_at: expect.any(String),
    });
    await socket.close();
  });
});
