import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_TEXTS, CHAT_TEXTS, type Attachment, type ChatMessage } from '@studium/protocol';
import { createPrivateRoom, createRoom, userId } from '../../../test/factories';
import { TestClient, uniqueName } from '../../../test/http-client';
import { sweepUnsentAttachments } from './attachments.service';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';

const MAX_BYTES = 200_000;
const QUOTA_BYTES = 450_000;
const LIMITS_ENV = {
  ATTACHMENT_MAX_BYTES: String(MAX_BYTES),
  ATTACHMENT_QUOTA_BYTES: String(QUOTA_BYTES),
  UPLOAD_RATE_LIMIT: '1000/100',
  MESSAGE_RATE_LIMIT: '1000/100',
};

const makePng = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .withExif({ IFD0: { Make: 'SpyCam' } })
    .toBuffer();

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1-bit PNG of 10 000 × 10 000 pixels (100 MP) in a few KB: a decompression bomb. */
function makePngBomb(size = 10_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(1, 8);
  header.writeUInt8(0, 9);
  const row = Buffer.alloc(1 + Math.ceil(size / 8));
  const deflate = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflate),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small PDF: what file-type recognises by `%PDF-`. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

async function upload(c: TestClient, room: string | number, content: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)], { type }), filename);
  const headers: Record<string, string> = { cookie: c.cookieHeader };
  const csrf = c.cookies.get('csrftoken');
  if (csrf) headers['x-csrftoken'] = csrf;
  const res = await fetch(`${c.baseUrl}/api/rooms/${room}/attachments/`, {
    method: 'POST',
    headers,
    body: form,
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

async function fetchBytes(c: TestClient, url: string) {
  const res = await fetch(c.baseUrl + url, { headers: c.cookies.size ? { cookie: c.cookieHeader } : {} });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

const send = (c: TestClient, room: string | number, content: string, attachments: string[]) =>
  c.post(`/api/rooms/${room}/messages/`, { content, attachments });

const countRows = async (server: TestServer, id: string) =>
  Number(
    (
      await server.ctx.db
        .selectFrom('attachments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(DIALECTS)('attachments on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let anonymous: TestClient;
  let aliceName: string;
  let room: { id: number; path: string };
  beforeAll(async () => {
    server = await startTestServer(dialect, LIMITS_ENV);
    alice = new TestClient(server.baseUrl);
    bob = new TestClient(server.baseUrl);
    anonymous = new TestClient(server.baseUrl);
    await anonymous.csrf();
    aliceName = await alice.signUp(uniqueName('alice'));
    await bob.signUp(uniqueName('bob'));
    room = await createRoom(server.ctx);
  });
  afterAll(async () => server?.close());

  it('stores a pasted image re-encoded without metadata, with a thumbnail of at most 320 px', async () => {
    const res = await upload(alice, room.id, await makePng(), 'screenshot.png', 'image/png');
    expect(res.status).toBe(201);
    const a = res.json as unknown as Attachment;
    expect(a).toMatchObject({
      kind: 'image',
      name: 'screenshot.png',
      mime: 'image/png',
      width: 640,
      height: 480,
    });
    expect(a.url).toBe(`/api/attachments/${a.id}/`);
    const full = await fetchBytes(alice, a.url);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/png');
    expect(full.headers.get('x-content-type-options')).toBe('nosniff');
    expect(full.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(full.headers.get('cache-control')).toBe('private, no-cache');
    expect(full.body.includes(Buffer.from('SpyCam'))).toBe(false);
    const thumb = await fetchBytes(alice, a.thumbnail_url!);
    const meta = await sharp(thumb.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 240]);
  });

  it('sends a message that is only an attachment, live and in the history', async () => {
    const a = (await upload(alice, room.id, PDF, 'notes.pdf', 'application/pdf'))
      .json as unknown as Attachment;
    expect(a).toMatchObject({
      kind: 'file',
      name: 'notes.pdf',
      mime: 'application/pdf',
      thumbnail_url: null,
    });
    const sent = await send(alice, room.id, '', [a.id]);
    expect(sent.status).toBe(201);
    expect((sent.json as unknown as ChatMessage).attachments).toEqual([a]);
    const history = await bob.get(`/api/rooms/${room.id}/messages/`);
    const found = (history.json.messages as ChatMessage[]).find((m) => m.id === sent.json.id);
    expect(found?.attachments).toEqual([a]);
    const file = await fetchBytes(bob, a.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="notes.pdf"/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.body.equals(PDF)).toBe(true);
  });

  it('refuses an empty message without attachments', async () => {
    const res = await send(alice, room.id, '  ', []);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(CHAT_TEXTS.chat.messageRequired);
  });

  it("refuses to send someone else's upload, or one sent already", async () => {
    const a = (await upload(alice, room.id, Buffer.from('hello'), 'a.txt', 'text/plain'))
      .json as unknown as Attachment;
    const stolen = await send(bob, room.id, 'mine now', [a.id]);
    expect(stolen.status).toBe(400);
    expect(stolen.json.error).toBe(ATTACHMENT_TEXTS.notYours);
    const history = await bob.get(`/api/rooms/${room.id}/messages/`);
    expect((history.json.messages as ChatMessage[]).map((m) => m.message)).not.toContain('mine now');
    // Before it is sent, an upload is its uploader's only.
    expect((await fetchBytes(bob, a.url)).status).toBe(404);
    expect((await send(alice, room.id, 'first', [a.id])).status).toBe(201);
    expect((await send(alice, room.id, 'again', [a.id])).status).toBe(400);
  });

  it.each([
    [
      'a polyglot (a PNG that is also a zip with HTML)',
      async () =>
        Buffer.concat([
          await makePng(8, 8),
          Buffer.from('PK\u0003\u0004'),
          Buffer.from('<html><script>alert(1)</script>'),
        ]),
      'pic.png',
      'image/png',
    ],
    [
      'an SVG with a script',
      async () =>
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'),
      'logo.svg',
      'image/svg+xml',
    ],
    [
      'an HTML page renamed .png',
      async () => Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'),
      'cat.png',
      'image/png',
    ],
    [
      'an executable',
      async () => Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(64).fill(0)]),
      'a.txt',
      'text/plain',
    ],
  ])('refuses %s with a clear error', async (_what, make, filename, type) => {
    const res = await upload(alice, room.id, await make(), filename, type);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: ATTACHMENT_TEXTS.unsupportedType,
      fields: { file: ATTACHMENT_TEXTS.unsupportedType },
    });
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const bomb = makePngBomb();
    expect(bomb.length).toBeLessThan(MAX_BYTES);
    const res = await upload(alice, room.id, bomb, 'bomb.png', 'image/png');
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(ATTACHMENT_TEXTS.tooManyPixels);
  });

  it('refuses a file over the size limit with 413', async () => {
    const res = await upload(alice, room.id, Buffer.alloc(MAX_BYTES + 1, 'a'), 'big.txt', 'text/plain');
    expect(res.status).toBe(413);
    expect(res.json.error).toBe(ATTACHMENT_TEXTS.tooLarge(0.2));
  });

  it('states the limits and the bytes used', async () => {
    const res = await alice.get('/api/attachments/limits/');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ max_bytes: MAX_BYTES, quota_bytes: QUOTA_BYTES });
    expect(res.json.used_bytes).toBeGreaterThan(0);
    expect((await anonymous.get('/api/attachments/limits/')).status).toBe(401);
  });

  it('refuses an upload past the per-user quota', async () => {
    const carol = new TestClient(server.baseUrl);
    await carol.signUp(uniqueName('carol'));
    expect((await carol.get('/api/attachments/limits/')).json.used_bytes).toBe(0);
    const big = Buffer.alloc(MAX_BYTES - 1000, 'b');
    expect((await upload(carol, room.id, big, '1.txt', 'text/plain')).status).toBe(201);
    expect((await upload(carol, room.id, big, '2.txt', 'text/plain')).status).toBe(201);
    const third = await upload(carol, room.id, big, '3.txt', 'text/plain');
    expect(third.status).toBe(413);
    expect(third.json.error).toBe(ATTACHMENT_TEXTS.quotaExceeded(0.4));
  });

  it('answers 404 for a members-only room attachment to a stranger and a visitor, as for a guessed id', async () => {
    const secret = await createPrivateRoom(server.ctx, aliceName);
    const a = (await upload(alice, secret.id, await makePng(), 's.png', 'image/png'))
      .json as unknown as Attachment;
    expect((await send(alice, secret.id, 'secret', [a.id])).status).toBe(201);
    expect((await fetchBytes(alice, a.url)).status).toBe(200);
    const guessed = `/api/attachments/${'A'.repeat(22)}/`;
    for (const url of [a.url, a.thumbnail_url!, guessed, '/api/attachments/1/']) {
      for (const who of [bob, anonymous]) {
        const res = await fetchBytes(who, url);
        expect(res.status).toBe(404);
        expect(res.body.toString()).not.toContain('s.png');
      }
    }
    // Nor may a stranger upload there.
    expect((await upload(bob, secret.id, PDF, 'x.pdf', 'application/pdf')).status).toBe(404);
    expect((await upload(anonymous, room.id, PDF, 'x.pdf', 'application/pdf')).status).toBe(401);
  });

  it('checks access again on every request, a revalidation included', async () => {
    const carol = new TestClient(server.baseUrl);
    const carolName = await carol.signUp(uniqueName('carol'));
    const club = await createPrivateRoom(server.ctx, aliceName, [carolName]);
    const a = (await upload(alice, club.id, PDF, 'club.pdf', 'application/pdf'))
      .json as unknown as Attachment;
    await send(alice, club.id, 'for members', [a.id]);
    const first = await fetchBytes(carol, a.url);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    const again = await fetch(server.baseUrl + a.url, {
      headers: { cookie: carol.cookieHeader, 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    await server.ctx.db
      .deleteFrom('room_members')
      .where('room_id', '=', club.id)
      .where('user_id', '=', await userId(server.ctx, carolName))
      .execute();
    const after = await fetch(server.baseUrl + a.url, {
      headers: { cookie: carol.cookieHeader, 'if-none-match': etag },
    });
    expect(after.status).toBe(404);
  });

  it('answers 404 to a member who left a group and to a user banned from a course room, thumbnails too', async () => {
    const carol = new TestClient(server.baseUrl);
    const carolName = await carol.signUp(uniqueName('carol'));
    const group = (await alice.post('/api/dms/groups/', { name: 'Study group', usernames: [carolName] })).json
      .room as number;
    const inGroup = (await upload(alice, group, await makePng(), 'g.png', 'image/png'))
      .json as unknown as Attachment;
    expect((await send(alice, group, 'for the group', [inGroup.id])).status).toBe(201);
    const course = await createRoom(server.ctx);
    const inCourse = (await upload(alice, course.id, await makePng(), 'c.png', 'image/png'))
      .json as unknown as Attachment;
    expect((await send(alice, course.id, 'for the course', [inCourse.id])).status).toBe(201);
    for (const a of [inGroup, inCourse])
      for (const url of [a.url, a.thumbnail_url!]) expect((await fetchBytes(carol, url)).status).toBe(200);

    expect((await carol.post(`/api/dms/groups/${group}/leave/`)).status).toBe(200);
    const now = Date.now();
    await server.ctx.db
      .insertInto('room_bans')
      .values({
        room_id: course.id,
        user_id: await userId(server.ctx, carolName),
        ends_at: new Date(now + 3600_000).toISOString(),
        created_by: null,
        created_at: new Date(now).toISOString(),
      })
      .execute();
    for (const a of [inGroup, inCourse])
      for (const url of [a.url, a.thumbnail_url!]) {
        const res = await fetchBytes(carol, url);
        expect(res.status, url).toBe(404);
        expect(res.body.length).toBeLessThan(200);
      }
  });

  it("erases the attachment's bytes when its message is deleted", async () => {
    const a = (await upload(alice, room.id, await makePng(), 'd.png', 'image/png'))
      .json as unknown as Attachment;
    const sent = await send(alice, room.id, 'bye', [a.id]);
    expect(await countRows(server, a.id)).toBe(1);
    expect((await alice.request('DELETE', `/api/messages/${sent.json.id}/`)).status).toBe(200);
    expect(await countRows(server, a.id)).toBe(0);
    expect((await fetchBytes(alice, a.url)).status).toBe(404);
  });

  it('sweeps uploads never sent within a day, and keeps sent ones', async () => {
    const unsent = (await upload(alice, room.id, PDF, 'u.pdf', 'application/pdf'))
      .json as unknown as Attachment;
    const sent = (await upload(alice, room.id, PDF, 's.pdf', 'application/pdf'))
      .json as unknown as Attachment;
    await send(alice, room.id, 'kept', [sent.id]);
    const old = new Date(Date.now() - 25 * 3600_000).toISOString();
    await server.ctx.db
      .updateTable('attachments')
      .set({ created_at: old })
      .where('id', 'in', [unsent.id, sent.id])
      .execute();
    await sweepUnsentAttachments(server.ctx);
    expect(await countRows(server, unsent.id)).toBe(0);
    expect(await countRows(server, sent.id)).toBe(1);
  });

  it("erases the user's attachments with the account", async () => {
    const dave = new TestClient(server.baseUrl);
    const daveName = await dave.signUp(uniqueName('dave'));
    const a = (await upload(dave, room.id, PDF, 'cv.pdf', 'application/pdf')).json as unknown as Attachment;
    await send(dave, room.id, '', [a.id]);
    expect((await dave.post(`/api/profile/delete/${daveName}/`)).status).toBe(200);
    expect(await countRows(server, a.id)).toBe(0);
    expect((await fetchBytes(bob, a.url)).status).toBe(404);
  });
});

describe.each(DIALECTS)('attachments in ATTACHMENTS_DIR on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let aliceName: string;
  let dir: string;
  let room: { id: number };
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studium-attachments-'));
    server = await startTestServer(dialect, { ...LIMITS_ENV, ATTACHMENTS_DIR: dir });
    alice = new TestClient(server.baseUrl);
    aliceName = await alice.signUp(uniqueName('alice'));
    room = await createRoom(server.ctx);
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the bytes in the directory, and removes the files with the message and the account', async () => {
    const image = (await upload(alice, room.id, await makePng(), 'p.png', 'image/png'))
      .json as unknown as Attachment;
    expect(fs.readdirSync(dir).sort()).toEqual([image.id, `${image.id}.thumb`].sort());
    expect((await fetchBytes(alice, image.thumbnail_url!)).status).toBe(200);
    const sent = await send(alice, room.id, 'pic', [image.id]);
    await alice.request('DELETE', `/api/messages/${sent.json.id}/`);
    expect(fs.readdirSync(dir)).toEqual([]);

    const file = (await upload(alice, room.id, PDF, 'f.pdf', 'application/pdf'))
      .json as unknown as Attachment;
    await send(alice, room.id, '', [file.id]);
    expect(fs.readdirSync(dir)).toEqual([file.id]);
    await alice.post(`/api/profile/delete/${aliceName}/`);
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
