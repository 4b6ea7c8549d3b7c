import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment } from '@studium/protocol';
import { createRoom } from '../../../test/factories';
import { TestClient, uniqueName } from '../../../test/http-client';
import { DIALECTS, startServerPairOnRedis, startTestServer, type TestServer } from '../../../test/test-app';
import { openReadySocket } from '../../../test/ws-client';

const png = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#884422' } })
    .png()
    .toBuffer();

async function upload(c: TestClient, baseUrl: string, room: number, content: Buffer, filename: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)], { type: 'image/png' }), filename);
  const res = await fetch(`${baseUrl}/api/rooms/${room}/attachments/`, {
    method: 'POST',
    headers: { cookie: c.cookieHeader, 'x-csrftoken': c.cookies.get('csrftoken')! },
    body: form,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Attachment;
}

describe.each(DIALECTS)('attachments on the room socket on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let room: { id: number };
  beforeAll(async () => {
    server = await startTestServer(dialect, { MESSAGE_RATE_LIMIT: '1000/100' });
    alice = new TestClient(server.baseUrl);
    bob = new TestClient(server.baseUrl);
    await alice.signUp(uniqueName('alice'));
    await bob.signUp(uniqueName('bob'));
    room = await createRoom(server.ctx);
  });
  afterAll(async () => server?.close());

  it('sends an attachment-only message whose live frame carries the attachment to everyone', async () => {
    const a = await upload(alice, server.baseUrl, room.id, await png(), 'board.png');
    const bobSocket = await openReadySocket(server.baseUrl, bob, room.id);
    const aliceSocket = await openReadySocket(server.baseUrl, alice, room.id);
    aliceSocket.send({ action: 'send_message', message: '', attachments: [a.id], client_id: 'c1' });
    const frame = await bobSocket.next((f) => f.type === 'message');
    expect(frame.message).toBe('');
    expect(frame.attachments).toEqual([a]);
    await bobSocket.close();
    await aliceSocket.close();
  });

  it('refuses an empty send without attachments on the socket', async () => {
    const socket = await openReadySocket(server.baseUrl, alice, room.id);
    socket.send({ action: 'send_message', message: '   ' });
    const frame = await socket.next((f) => f.error !== undefined);
    expect(frame.error).toBe('Message cannot be empty.');
    await socket.close();
  });
});

describe('attachments across two server processes on PostgreSQL + Redis', () => {
  let pair: Awaited<ReturnType<typeof startServerPairOnRedis>>;
  beforeAll(async () => {
    pair = await startServerPairOnRedis('attachments');
  });
  afterAll(async () => pair?.close());

  it('an upload to one process arrives live through the other, which serves its bytes', async () => {
    const alice = new TestClient(pair.a.baseUrl);
    await alice.signUp(uniqueName('alice'));
    const bob = new TestClient(pair.b.baseUrl);
    await bob.signUp(uniqueName('bob'));
    const room = await createRoom(pair.a.ctx);
    const a = await upload(alice, pair.a.baseUrl, room.id, await png(), 'x.png');
    const bobSocket = await openReadySocket(pair.b.baseUrl, bob, room.id);
    const sent = await alice.post(`/api/rooms/${room.id}/messages/`, {
      content: 'look',
      attachments: [a.id],
    });
    expect(sent.status).toBe(201);
    const frame = await bobSocket.next((f) => f.type === 'message');
    expect(frame.attachments).toEqual([a]);
    const res = await fetch(pair.b.baseUrl + a.thumbnail_url!, { headers: { cookie: bob.cookieHeader } });
    expect(res.status).toBe(200);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(320);
    await bobSocket.close();
  });
});
