import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, PROFILE_TEXTS, TEXTS } from '@studium/protocol';
import { TestClient, uniqueName } from '../../../test/http-client';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';
/** A small solid picture in `format`, made by sharp. */
function makeImage(format: 'png' | 'jpeg' | 'gif', width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG carrying EXIF (camera, description, copyright): what an upload must lose. */
function makeJpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 60, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SpyCam', ImageDescription: 'home address', Copyright: 'someone' } })
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid 1-bit greyscale PNG of `size`×`size` black pixels: 400 MP at the default, yet only
 * tens of KB on disk (a decompression bomb).
 */
function makePngBomb(size = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const row = Buffer.alloc(1 + Math.ceil(size / 8)); // filter byte + packed bits, all zero
  const deflate = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflate),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface FormReply {
  status: number;
  headers: Headers;
  json: Record<string, unknown>;
}

/** Posts a multipart form to /api/profile/ with the client's cookies, the CSRF header only if asked. */
async function postForm(c: TestClient, form: FormData, opts: { header?: boolean } = {}): Promise<FormReply> {
  const headers: Record<string, string> = { cookie: c.cookieHeader };
  if (opts.header !== false) headers['x-csrftoken'] = c.cookies.get('csrftoken')!;
  const res = await fetch(`${c.baseUrl}/api/profile/`, { method: 'POST', headers, body: form });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : {} };
}

function pictureForm(content: Buffer, filename = 'me.png', type = 'image/png'): FormData {
  const form = new FormData();
  form.append('profile_picture', new Blob([new Uint8Array(content)], { type }), filename);
  return form;
}

async function fetchBytes(c: TestClient, url: string, headers: Record<string, string> = {}) {
  const res = await fetch(c.baseUrl + url, { headers: { cookie: c.cookieHeader, ...headers } });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

describe.each(DIALECTS)('profile pictures on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceName: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    alice = new TestClient(server.baseUrl);
    bob = new TestClient(server.baseUrl);
    aliceName = await alice.signUp(uniqueName('alice'));
    await bob.signUp(uniqueName('bob'));
  });
  afterAll(async () => server?.close());

  const upload = (c: TestClient, content: Buffer, filename?: string, type?: string) =>
    postForm(c, pictureForm(content, filename, type));
  const setPrivate = (c: TestClient, value: boolean) =>
    c.post('/api/profile/', { profile_picture_private: value });

  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['gif', 'image/gif'],
  ] as const)('accepts a %s and serves it re-encoded within 512 px', async (format, type) => {
    const res = await upload(alice, await makeImage(format, 900, 600), `me.${format}`, type);
    expect(res.status).toBe(200);
    const url = res.json.profile_picture_url as string;
    expect(url).toMatch(new RegExp(`^/api/users/${aliceName}/picture/\\?v=`));
    expect((await alice.get('/api/profile/')).json.profile_picture_url).toBe(url);
    const served = await fetchBytes(alice, url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(served.body).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([512, 341]);
  });

  it('strips EXIF from a JPEG', async () => {
    const original = await makeJpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(alice, original, 'photo.jpg', 'image/jpeg');
    expect(res.status).toBe(200);
    const served = await fetchBytes(alice, res.json.profile_picture_url as string);
    const meta = await sharp(served.body).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(served.body.includes(Buffer.from('SpyCam'))).toBe(false);
  });

  it('refuses a text file named .png, by its content', async () => {
    const res = await upload(alice, Buffer.from('just some text, not a picture'), 'evil.png', 'image/png');
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: PROFILE_TEXTS.unsupportedImage,
      fields: { profile_picture: PROFILE_TEXTS.unsupportedImage },
    });
  });

  it('refuses other image types (WebP, SVG)', async () => {
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    expect((await upload(alice, webp, 'x.webp', 'image/webp')).status).toBe(400);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(alice, svg, 'x.svg', 'image/svg+xml')).json.error).toBe(
      PROFILE_TEXTS.unsupportedImage,
    );
  });

  it('refuses an upload over 5 MiB', async () => {
    const big = Buffer.concat([await makeImage('png'), Buffer.alloc(LIMITS.pictureMaxBytes)]);
    const res = await upload(alice, big);
    expect(res.status).toBe(413);
    expect(res.json.error).toBe(PROFILE_TEXTS.imageTooLarge);
  });

  it('refuses a decompression bomb (a 20000×20000 PNG of a few KB)', async () => {
    const bomb = makePngBomb();
    expect(bomb.length).toBeLessThan(100 * 1024);
    const res = await upload(alice, bomb);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(PROFILE_TEXTS.tooManyPixels);
  });

  it('refuses a second file and a form without a picture', async () => {
    const png = await makeImage('png');
    const two = pictureForm(png);
    two.append('profile_picture', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'two.png');
    expect((await postForm(alice, two)).status).toBe(413);
    const none = new FormData();
    none.append('something', 'else');
    expect((await postForm(alice, none)).json.error).toBe(PROFILE_TEXTS.pictureMissing);
  });

  it('serves a private picture to its owner only (404 for others), with safe headers', async () => {
    const res = await upload(alice, await makeImage('png'));
    const url = res.json.profile_picture_url as string;
    await setPrivate(alice, true);
    const own = await fetchBytes(alice, url);
    expect(own.status).toBe(200);
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(own.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(own.headers.get('cache-control')).toBe('private, no-cache');
    const etag = own.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect((await fetchBytes(alice, url, { 'if-none-match': etag })).status).toBe(304);
    expect((await fetchBytes(bob, url)).status).toBe(404);
    expect((await bob.get(`/api/users/${aliceName}/profile/`)).json.profile_picture_url).toBeUndefined();

    await setPrivate(alice, false);
    expect((await fetchBytes(bob, url)).status).toBe(200);
    expect((await bob.get(`/api/users/${aliceName}/profile/`)).json.profile_picture_url).toBe(url);
    expect((await fetchBytes(new TestClient(server.baseUrl), url)).status).toBe(401);
  });

  it("is private by default: a new user's picture is hidden from others", async () => {
    const carol = new TestClient(server.baseUrl);
    const carolName = await carol.signUp(uniqueName('carol'));
    const url = (await upload(carol, await makeImage('gif'), 'c.gif', 'image/gif')).json
      .profile_picture_url as string;
    expect((await fetchBytes(bob, url)).status).toBe(404);
    expect((await bob.get(`/api/users/${carolName}/profile/`)).json).not.toHaveProperty(
      'profile_picture_url',
    );
  });

  it('removes the picture with delete_picture=true', async () => {
    const url = (await upload(alice, await makeImage('png'))).json.profile_picture_url as string;
    const form = new FormData();
    form.append('delete_picture', 'true');
    const res = await postForm(alice, form);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ profile_picture_url: null });
    expect((await alice.get('/api/profile/')).json.profile_picture_url).toBeNull();
    expect((await fetchBytes(alice, url)).status).toBe(404);
  });

  describe('CSRF on multipart', () => {
    it('accepts the token as the X-CSRFToken header', async () => {
      expect((await postForm(alice, pictureForm(await makeImage('png')), { header: true })).status).toBe(200);
    });

    it('accepts the token as the csrfmiddlewaretoken field instead', async () => {
      const form = new FormData();
      form.append('csrfmiddlewaretoken', alice.cookies.get('csrftoken')!);
      form.append('delete_picture', 'true');
      expect((await postForm(alice, form, { header: false })).status).toBe(200);
      const withFile = pictureForm(await makeImage('png'));
      withFile.append('csrfmiddlewaretoken', alice.cookies.get('csrftoken')!);
      expect((await postForm(alice, withFile, { header: false })).status).toBe(200);
    });

    it('refuses neither, a wrong field, or another session’s token, before touching anything', async () => {
      const before = (await alice.get('/api/profile/')).json.profile_picture_url;
      const none = await postForm(alice, pictureForm(await makeImage('png')), { header: false });
      expect(none.status).toBe(403);
      expect(none.json.error).toBe(TEXTS.server.csrfFailed);
      const forged = new FormData();
      forged.append('csrfmiddlewaretoken', 'forged.token');
      forged.append('delete_picture', 'true');
      expect((await postForm(alice, forged, { header: false })).status).toBe(403);
      const foreign = new FormData();
      foreign.append('csrfmiddlewaretoken', bob.cookies.get('csrftoken')!);
      foreign.append('delete_picture', 'true');
      expect((await postForm(alice, foreign, { header: false })).status).toBe(403);
      expect((await alice.get('/api/profile/')).json.profile_picture_url).toBe(before);
    });

    it('still requires the header for a JSON POST to the same path', async () => {
      expect((await alice.post('/api/profile/', { studies: 'x' }, { csrf: false })).status).toBe(403);
    });
  });
});

describe('picture uploads are rate limited per user', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { UPLOAD_RATE_LIMIT: '2/0.001' });
  });
  afterAll(async () => server?.close());

  it('refuses a third upload in a row with 429', async () => {
    const me = new TestClient(server.baseUrl);
    await me.signUp(uniqueName('uploader'));
    const png = await makeImage('png');
    expect((await postForm(me, pictureForm(png))).status).toBe(200);
    expect((await postForm(me, pictureForm(png))).status).toBe(200);
    const limited = await postForm(me, pictureForm(png));
    expect(limited.status).toBe(429);
  });
});
