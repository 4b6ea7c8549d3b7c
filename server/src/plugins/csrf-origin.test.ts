import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFrame, notificationServerFrame, TEXTS } from '@studium/protocol';
import { TestClient, uniqueName } from '../../test/http-client';
import { DIALECTS, startTestServer, type TestServer } from '../../test/test-app';
import { TestSocket } from '../../test/ws-client';

const SETTING = '/api/profile/settings/presence/';

/** A logged-in client's state-changing request with these extra headers: its status. */
async function writeWith(client: TestClient, headers: Record<string, string>) {
  const res = await client.post(SETTING, { show_presence: true }, { headers });
  if (res.status === 403) expect(res.json.error).toBe(TEXTS.server.originRefused);
  return res.status;
}

/** Opens the client's notification socket with these extra headers: 'open', or the refusal. */
async function upgradeWith(server: TestServer, client: TestClient, headers: Record<string, string>) {
  const url = `${server.baseUrl.replace(/^http/, 'ws')}/ws/notifications/`;
  const socket = new TestSocket(
    new WebSocket(url, { headers: { cookie: client.cookieHeader, ...headers } }),
    notificationServerFrame.or(errorFrame),
  );
  try {
    await socket.opened;
  } catch (err) {
    return (err as Error).message;
  }
  await socket.close();
  return 'open';
}

/** Same answer from a REST write and a socket upgrade: one rule for both. */
async function verdict(server: TestServer, client: TestClient, headers: Record<string, string>) {
  const [status, upgrade] = await Promise.all([
    writeWith(client, headers),
    upgradeWith(server, client, headers),
  ]);
  if (status === 200 && upgrade === 'open') return 'allowed';
  if (status === 403 && /403/.test(upgrade)) return 'refused';
  return `mixed: ${status} / ${upgrade}`;
}

describe.each(DIALECTS)('the Origin check of REST writes and socket upgrades on %s', (dialect) => {
  describe('on a plain http server', () => {
    let server: TestServer;
    let client: TestClient;
    const origin = (scheme: string, portShift = 0) => {
      const url = new URL(server.baseUrl);
      return `${scheme}://${url.hostname}:${Number(url.port) + portShift}`;
    };
    beforeAll(async () => {
      server = await startTestServer(dialect);
      client = new TestClient(server.baseUrl);
      await client.signUp(uniqueName('origin'));
    });
    afterAll(async () => server?.close());

    it('allows its own origin, and no Origin at all (not a browser)', async () => {
      expect(await verdict(server, client, { origin: origin('http') })).toBe('allowed');
      expect(await verdict(server, client, {})).toBe('allowed');
    });

    it('refuses the same host and port over https', async () => {
      expect(await verdict(server, client, { origin: origin('https') })).toBe('refused');
    });

    it('refuses another port, another host, and null', async () => {
      expect(await verdict(server, client, { origin: origin('http', 1) })).toBe('refused');
      expect(await verdict(server, client, { origin: 'http://evil.example' })).toBe('refused');
      expect(await verdict(server, client, { origin: 'null' })).toBe('refused');
    });

    it('ignores X-Forwarded-Proto without TRUST_PROXY', async () => {
      const proto = { 'x-forwarded-proto': 'https' };
      expect(await verdict(server, client, { ...proto, origin: origin('https') })).toBe('refused');
      expect(await verdict(server, client, { ...proto, origin: origin('http') })).toBe('allowed');
    });
  });

  describe('behind a proxy (TRUST_PROXY=1) with ALLOWED_ORIGINS', () => {
    let server: TestServer;
    let client: TestClient;
    let host: string;
    beforeAll(async () => {
      server = await startTestServer(dialect, {
        TRUST_PROXY: '1',
        ALLOWED_ORIGINS: 'https://app.example, http://127.0.0.1:5173',
      });
      host = new URL(server.baseUrl).host;
      client = new TestClient(server.baseUrl);
      await client.signUp(uniqueName('proxied'));
    });
    afterAll(async () => server?.close());

    it('takes the scheme from X-Forwarded-Proto, as nginx sends it', async () => {
      const https = { 'x-forwarded-proto': 'https' };
      expect(await verdict(server, client, { ...https, origin: `https://${host}` })).toBe('allowed');
      expect(await verdict(server, client, { ...https, origin: `http://${host}` })).toBe('refused');
      const http = { 'x-forwarded-proto': 'http' };
      expect(await verdict(server, client, { ...http, origin: `http://${host}` })).toBe('allowed');
      expect(await verdict(server, client, { ...http, origin: `https://${host}` })).toBe('refused');
    });

    it('allows the listed origins exactly, and nothing near them', async () => {
      expect(await verdict(server, client, { origin: 'https://app.example' })).toBe('allowed');
      expect(await verdict(server, client, { origin: 'http://127.0.0.1:5173' })).toBe('allowed');
      expect(await verdict(server, client, { origin: 'http://app.example' })).toBe('refused');
      expect(await verdict(server, client, { origin: 'https://127.0.0.1:5173' })).toBe('refused');
      expect(await verdict(server, client, { origin: 'https://app.example:8443' })).toBe('refused');
    });
  });
});

describe.each(DIALECTS)('an API path with an encoded prefix on %s', (dialect) => {
  let server: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    client = new TestClient(server.baseUrl);
    await client.signUp(uniqueName('encoded'));
  });
  afterAll(async () => server?.close());

  // The router decodes `%61` to `a` before it matches: `/%61pi/logout/` is the logout route, and
  // it is held to every rule of `/api/logout/`.
  it('is refused from a foreign Origin and without the CSRF token, as the plain path is', async () => {
    const foreign = await client.request('POST', '/%61pi/logout/', {
      raw: 'a=b',
      headers: { origin: 'http://evil.example:9999', 'content-type': 'text/plain' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.json.error).toBe(TEXTS.server.originRefused);
    const tokenless = await client.request('POST', '/%61%70%69/logout/', { body: {}, csrf: false });
    expect(tokenless.status).toBe(403);
    expect(tokenless.json.error).toBe(TEXTS.server.csrfFailed);
    expect((await client.get('/api/session/')).json.is_authenticated).toBe(true);
  });

  it("answers the router's own refusals in the API's error shape, without the URL", async () => {
    for (const path of [`/api/rooms/${'x'.repeat(2000)}/`, `/api/sessions/${'9'.repeat(2000)}/`]) {
      const overlong = await client.request(path.startsWith('/api/sessions') ? 'DELETE' : 'GET', path);
      expect(overlong.status).toBeGreaterThanOrEqual(400);
      expect(Object.keys(overlong.json)).toEqual(['error']);
      expect(overlong.text).not.toContain('9999999999');
      expect(overlong.text).not.toContain('xxxxxxxxxx');
    }
    const malformed = await client.get('/api/rooms/%E0%A4%A/');
    expect(malformed.status).toBe(400);
    expect(malformed.json).toEqual({ error: TEXTS.server.invalidInput });
    // A room's path may be long (up to 512 characters): it reaches the room route.
    const long = await client.get(`/api/rooms/${'a'.repeat(400)}/`);
    expect(long.status).toBe(404);
  });

  it('reads the session and answers with no-store, as the plain path does', async () => {
    const res = await client.get('/%61pi/session/');
    expect(res.status).toBe(200);
    expect(res.json.is_authenticated).toBe(true);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
