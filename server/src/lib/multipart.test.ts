import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_TEXTS, PROFILE_TEXTS, TEXTS } from '@studium/protocol';
import { createRoom } from '../../test/factories';
import { TestClient, uniqueName } from '../../test/http-client';
import { DIALECTS, startTestServer, type TestServer } from '../../test/test-app';

const B = 'StudiumBoundary';
const FORM = `multipart/form-data; boundary=${B}`;

/** The head of one part: a file under `name`, or a text field when `filename` is null. */
const partHead = (name: string, filename: string | null = 'notes.txt') =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"` +
  (filename === null ? '\r\n\r\n' : `; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\n`);
const closing = `\r\n--${B}--\r\n`;

/** Bodies no multipart parser can read: each must be the sender's 400, never our 500. */
const MALFORMED: Array<[string, string, string]> = [
  ['a body that never closes its boundary', FORM, partHead('FILE') + 'hello world'],
  ['a multipart Content-Type without a boundary', 'multipart/form-data', partHead('FILE') + 'hi' + closing],
  ['a body cut off inside a part header', FORM, `--${B}\r\nContent-Disposition: form-da`],
  [
    'a body whose boundary is not the announced one',
    `multipart/form-data; boundary=Other`,
    partHead('FILE') + 'hi' + closing,
  ],
  ['a body that is not multipart at all', FORM, 'just some text, no parts'],
];

interface Endpoint {
  label: string;
  path: (roomId: number) => string;
  /** The name of the file part the endpoint expects. */
  field: string;
  missing: string;
}

const ENDPOINTS: Endpoint[] = [
  {
    label: 'the profile picture',
    path: () => '/api/profile/',
    field: 'profile_picture',
    missing: PROFILE_TEXTS.pictureMissing,
  },
  {
    label: 'an attachment',
    path: (roomId) => `/api/rooms/${roomId}/attachments/`,
    field: 'file',
    missing: ATTACHMENT_TEXTS.fileMissing,
  },
];

describe.each(DIALECTS)('malformed multipart uploads on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let room: { id: number };
  const logged: Array<{ level: number; msg: string; err?: { stack?: string } }> = [];
  beforeAll(async () => {
    server = await startTestServer(
      dialect,
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line) => void logged.push(JSON.parse(line)) } },
    );
    alice = new TestClient(server.baseUrl);
    await alice.signUp(uniqueName('alice'));
    room = await createRoom(server.ctx);
  });
  afterAll(async () => server?.close());

  async function post(endpoint: Endpoint, contentType: string, body: string) {
    const before = logged.length;
    const res = await fetch(server.baseUrl + endpoint.path(room.id), {
      method: 'POST',
      headers: {
        cookie: alice.cookieHeader,
        'x-csrftoken': alice.cookies.get('csrftoken')!,
        'content-type': contentType,
      },
      body: body.replaceAll('FILE', endpoint.field),
    });
    const json = (await res.json()) as Record<string, unknown>;
    const errors = logged.slice(before).filter((line) => line.level >= 50 || line.err?.stack);
    return { status: res.status, json, errors };
  }

  describe.each(ENDPOINTS)('to $label', (endpoint) => {
    it.each(MALFORMED)('answers 400 with a clear text to %s, and logs no error', async (_, type, body) => {
      const res = await post(endpoint, type, body);
      expect(res).toEqual({ status: 400, json: { error: TEXTS.server.malformedUpload }, errors: [] });
    });

    it('answers 400 naming the missing file to an empty body', async () => {
      const res = await post(endpoint, FORM, '');
      expect(res.status).toBe(400);
      expect(res.json.error).toBe(endpoint.missing);
    });

    it('answers 400 naming the missing file when a text field stands where the file should be', async () => {
      const res = await post(endpoint, FORM, partHead('FILE', null) + 'not a file' + closing);
      expect([res.status, res.json.error, res.errors]).toEqual([400, endpoint.missing, []]);
    });

    it('answers 413 to too many parts, and logs no error', async () => {
      const parts = Array.from({ length: 40 }, (_, i) => partHead(`f${i}`, null) + 'x\r\n').join('');
      const res = await post(endpoint, FORM, parts + `--${B}--\r\n`);
      expect(res).toEqual({ status: 413, json: { error: TEXTS.server.bodyTooLarge }, errors: [] });
    });

    it('answers 413 to a second file, and logs no error', async () => {
      const two = partHead('FILE') + 'one\r\n' + partHead('other') + 'two' + closing;
      const res = await post(endpoint, FORM, two);
      expect(res).toEqual({ status: 413, json: { error: TEXTS.server.bodyTooLarge }, errors: [] });
    });
  });
});
