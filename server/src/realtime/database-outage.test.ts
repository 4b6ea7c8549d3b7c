import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { TEXTS, WS_CLOSE } from '@studium/protocol';
import { createRoom } from '../../test/factories';
import { TestClient, uniqueName } from '../../test/http-client';
import { DIALECTS, startTestServer, type TestServer } from '../../test/test-app';
import { openReadySocket, openRoomSocket } from '../../test/ws-client';

describe.each(DIALECTS)('a database outage on %s', (dialect) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    // The test closed the database itself: closing it again may fail, and that is not what is tested.
    await server?.close().catch(() => undefined);
    server = undefined;
  });

  it('answers HTTP with 500, not with a refusal', async () => {
    server = await startTestServer(dialect);
    const client = new TestClient(server.baseUrl);
    await client.signUp(uniqueName('outage'));
    const room = await createRoom(server.ctx);
    await server.ctx.db.destroy();
    const res = await client.get(`/api/rooms/${room.id}/`);
    expect(res.status).toBe(500);
    expect(res.json).toEqual({ error: TEXTS.server.internal });
  });

  it('closes a room socket with 1011 after answering the failed send with its client_id', async () => {
    server = await startTestServer(dialect);
    const client = new TestClient(server.baseUrl);
    await client.signUp(uniqueName('outage'));
    const room = await createRoom(server.ctx, { is_write_gated: 0 });
    const socket = await openReadySocket(server.baseUrl, client, room.id);
    await server.ctx.db.destroy();
    // On PostgreSQL the writer has connections of its own: an outage takes them too.
    if (server.ctx.writer.db !== server.ctx.db) await server.ctx.writer.db.destroy();
    socket.send({ action: 'send_message', message: 'into the void', client_id: 'lost-1' });
    expect(await socket.next((f) => f.error !== undefined)).toEqual({
      error: TEXTS.server.internal,
      client_id: 'lost-1',
    });
    expect((await socket.closed).code).toBe(WS_CLOSE.unavailable);
  });

  it('refuses a room socket with 1011 when the room cannot be looked up, instead of "no permission"', async () => {
    server = await startTestServer(dialect);
    const client = new TestClient(server.baseUrl);
    await client.signUp(uniqueName('outage'));
    const room = await createRoom(server.ctx);
    // Sessions still work; the room lookup (which reads memberships) fails.
    await sql`drop table room_members`.execute(server.ctx.db);
    const socket = openRoomSocket(server.baseUrl, client, room.id);
    expect((await socket.closed).code).toBe(WS_CLOSE.unavailable);
  });
});
