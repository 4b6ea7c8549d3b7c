import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment, ChatMessage } from '@studium/protocol';
import { createRoom, userId } from '../../../test/factories';
import { TestClient, uniqueName } from '../../../test/http-client';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';
import { listUserAttachments } from './attachments.service';

// U+202E (right-to-left override) makes this name read as 'invoicetxt.pdf'.
const OVERRIDDEN = 'invoice\u202efdp.txt';
const HIDDEN = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b]/;

async function uploadText(c: TestClient, room: number, filename: string) {
  const form = new FormData();
  form.append('file', new Blob(['quarterly figures\n'], { type: 'text/plain' }), filename);
  const res = await fetch(`${c.baseUrl}/api/rooms/${room}/attachments/`, {
    method: 'POST',
    headers: { cookie: c.cookieHeader, 'x-csrftoken': c.cookies.get('csrftoken')! },
    body: form,
  });
  return { status: res.status, json: (await res.json()) as Attachment };
}

const dispositionOf = async (c: TestClient, url: string) =>
  (await fetch(c.baseUrl + url, { headers: { cookie: c.cookieHeader } })).headers.get('content-disposition');

describe.each(DIALECTS)('attachment names on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceName: string;
  let room: { id: number };
  beforeAll(async () => {
    server = await startTestServer(dialect, { MESSAGE_RATE_LIMIT: '1000/100' });
    alice = new TestClient(server.baseUrl);
    bob = new TestClient(server.baseUrl);
    aliceName = await alice.signUp(uniqueName('alice'));
    await bob.signUp(uniqueName('bob'));
    room = await createRoom(server.ctx);
  });
  afterAll(async () => server?.close());

  it('stores an uploaded name without its right-to-left override, and downloads it so', async () => {
    const res = await uploadText(alice, room.id, OVERRIDDEN);
    expect(res.status).toBe(201);
    expect(res.json.name).toBe('invoicefdp.txt');
    expect(await dispositionOf(alice, res.json.url)).toBe(
      `attachment; filename="invoicefdp.txt"; filename*=UTF-8''invoicefdp.txt`,
    );
  });

  it('shows a name stored with bidirectional controls safely in history, download and export', async () => {
    const { json: upload } = await uploadText(alice, room.id, 'report.txt');
    // A name written before the rule existed (or by any other path into the table).
    await server.ctx.db
      .updateTable('attachments')
      .set({ name: '\u2066report\u2069\u200b\u202efdp.txt' })
      .where('id', '=', upload.id)
      .execute();
    const sent = await alice.post(`/api/rooms/${room.id}/messages/`, {
      content: '',
      attachments: [upload.id],
    });
    expect(sent.status).toBe(201);

    const history = await bob.get(`/api/rooms/${room.id}/messages/`);
    const shown = (history.json as { messages: ChatMessage[] }).messages.flatMap((m) => m.attachments ?? []);
    expect(shown.map((a) => a.name)).toContain('reportfdp.txt');
    expect(shown.some((a) => HIDDEN.test(a.name))).toBe(false);

    const disposition = await dispositionOf(bob, upload.url);
    expect(disposition).toBe(`attachment; filename="reportfdp.txt"; filename*=UTF-8''reportfdp.txt`);

    const exported = await listUserAttachments(server.ctx, await userId(server.ctx, aliceName));
    expect(exported.map((a) => a.meta.name)).toContain('reportfdp.txt');
    expect(exported.some((a) => HIDDEN.test(a.meta.name))).toBe(false);
  });
});
