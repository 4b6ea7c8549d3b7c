import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSIONS_TEXTS, type SessionsResponse } from '@studium/protocol';
import { openReadyNotificationSocket } from '../../../test/notification-socket';
import { TestClient, uniqueName } from '../../../test/http-client';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe.each(DIALECTS)('sessions on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => server?.close());

  /** One user signed in on a laptop and a phone, each its own client (cookies). */
  async function userOnTwoDevices() {
    const laptop = new TestClient(server.baseUrl);
    const username = uniqueName('sess');
    expect((await laptop.register(username)).status).toBe(201);
    await laptop.request('POST', '/api/login/', {
      body: { username, password: 'correct horse battery' },
      headers: { 'user-agent': FIREFOX },
    });
    const phone = new TestClient(server.baseUrl);
    await phone.csrf();
    await phone.request('POST', '/api/login/', {
      body: { username, password: 'correct horse battery' },
      headers: { 'user-agent': IPHONE },
    });
    return { username, laptop, phone };
  }
  const list = async (c: TestClient) => (await c.get('/api/sessions/')).json as SessionsResponse;

  it('answers 401 to a visitor on every sessions endpoint', async () => {
    const anon = new TestClient(server.baseUrl);
    await anon.csrf();
    expect((await anon.get('/api/sessions/')).status).toBe(401);
    expect((await anon.request('DELETE', '/api/sessions/1/')).status).toBe(401);
    expect((await anon.post('/api/sessions/log-out-others/')).status).toBe(401);
  });

  it('lists the live sessions with their devices, the current one first and not revocable', async () => {
    const { laptop, phone } = await userOnTwoDevices();
    const fromLaptop = await list(laptop);
    expect(fromLaptop.sessions).toHaveLength(2);
    expect(fromLaptop.sessions[0]).toMatchObject({
      device: 'Firefox on Windows',
      current: true,
      can_revoke: false,
    });
    expect(fromLaptop.sessions[1]).toMatchObject({
      device: 'Safari on iPhone',
      current: false,
      can_revoke: true,
    });
    // No address is kept unless the operator asks for the networks.
    expect(fromLaptop.sessions.map((s) => s.network)).toEqual([null, null]);
    const fromPhone = await list(phone);
    expect(fromPhone.sessions[0]).toMatchObject({ device: 'Safari on iPhone', current: true });
    expect(fromPhone.sessions.map((s) => s.id).sort()).toEqual(fromLaptop.sessions.map((s) => s.id).sort());
  });

  it("revokes another session of one's own: its cookie stops working and its sockets close at once", async () => {
    const { laptop, phone } = await userOnTwoDevices();
    const { socket } = await openReadyNotificationSocket(server.baseUrl, phone);
    const phoneSession = (await list(laptop)).sessions.find((s) => !s.current)!;
    const res = await laptop.request('DELETE', `/api/sessions/${phoneSession.id}/`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ revoked: 1 });
    expect((await socket.closed).code).toBe(4001);
    expect((await phone.get('/api/sessions/')).status).toBe(401);
    expect((await list(laptop)).sessions).toHaveLength(1);
    // Gone already: not found.
    expect((await laptop.request('DELETE', `/api/sessions/${phoneSession.id}/`)).status).toBe(404);
  });

  it("refuses the current session (Log out ends it) and another user's session, changing nothing", async () => {
    const { laptop, phone } = await userOnTwoDevices();
    const mine = (await list(laptop)).sessions;
    const current = mine.find((s) => s.current)!;
    const refused = await laptop.request('DELETE', `/api/sessions/${current.id}/`);
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe(SESSIONS_TEXTS.notCurrent);

    const stranger = new TestClient(server.baseUrl);
    await stranger.signUp(uniqueName('other'));
    for (const session of mine)
      expect((await stranger.request('DELETE', `/api/sessions/${session.id}/`)).status).toBe(404);
    expect((await list(stranger)).sessions).toHaveLength(1);
    for (const bad of ['abc', '-1', '1.5', '99999999999999999999'])
      expect((await laptop.request('DELETE', `/api/sessions/${bad}/`)).status).toBe(404);
    expect((await list(laptop)).sessions).toHaveLength(2);
    expect((await phone.get('/api/sessions/')).status).toBe(200);
  });

  it('logs out every other session and keeps the current one', async () => {
    const { username, laptop, phone } = await userOnTwoDevices();
    const tablet = new TestClient(server.baseUrl);
    expect((await tablet.login(username)).status).toBe(200);
    const { socket } = await openReadyNotificationSocket(server.baseUrl, tablet);
    const res = await laptop.post('/api/sessions/log-out-others/');
    expect(res.json).toEqual({ revoked: 2 });
    expect((await socket.closed).code).toBe(4001);
    expect((await phone.get('/api/sessions/')).status).toBe(401);
    expect((await tablet.get('/api/sessions/')).status).toBe(401);
    const left = (await list(laptop)).sessions;
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ current: true });
    expect((await laptop.post('/api/sessions/log-out-others/')).json).toEqual({ revoked: 0 });
  });

  it('shows the network of each login (never the address) when the operator enables it', async () => {
    const withNetworks = await startTestServer(dialect, { SESSION_NETWORKS: '1' });
    try {
      const client = new TestClient(withNetworks.baseUrl);
      await client.signUp(uniqueName('net'));
      const { sessions } = (await client.get('/api/sessions/')).json as SessionsResponse;
      expect(sessions.map((s) => s.network)).toEqual(['127.0.0.0/24']);
      const stored = await withNetworks.ctx.db.selectFrom('sessions').select('network').execute();
      expect(stored.every((row) => row.network === null || row.network.endsWith('/24'))).toBe(true);
    } finally {
      await withNetworks.close();
    }
  });
});
