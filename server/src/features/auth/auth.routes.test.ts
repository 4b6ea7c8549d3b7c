import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_NAME_DEFAULT, TEXTS } from '@studium/protocol';
import { TestClient, uniqueName } from '../../../test/http-client';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';

const STATE_CHANGING = [
  ['POST', '/api/register/'],
  ['POST', '/api/login/'],
  ['POST', '/api/logout/'],
  ['POST', '/api/profile/settings/darkmode/'],
] as const;

describe.each(DIALECTS)('accounts and sessions on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => server?.close());
  const client = () => new TestClient(server.baseUrl);

  describe('CSRF', () => {
    it.each(STATE_CHANGING)('%s %s without X-CSRFToken returns 403', async (method, path) => {
      const c = client();
      await c.signUp(uniqueName());
      const res = await c.request(method, path, { body: {}, csrf: false });
      expect(res.status).toBe(403);
      expect(res.json.error).toBe(TEXTS.server.csrfFailed);
    });

    it('refuses a header that does not match the cookie', async () => {
      const c = client();
      await c.csrf();
      const res = await c.post(
        '/api/register/',
        { username: uniqueName(), password: 'a fine passphrase' },
        { headers: { 'x-csrftoken': 'forged.token' }, csrf: false },
      );
      expect(res.status).toBe(403);
    });

    it('refuses a token minted for another session (login rotates it)', async () => {
      const c = client();
      const name = await c.signUp(uniqueName());
      const before = c.cookies.get('csrftoken')!;
      await c.post('/api/logout/');
      await c.login(name);
      expect(c.cookies.get('csrftoken')).not.toBe(before);
      const stale = await c.post(
        '/api/profile/settings/darkmode/',
        { darkmode_enabled: true },
        { csrf: false, headers: { 'x-csrftoken': before } },
      );
      expect(stale.status).toBe(403);
    });

    it('refuses a foreign or null Origin even with a valid token', async () => {
      const c = client();
      await c.csrf();
      for (const origin of ['https://evil.example', 'null']) {
        const res = await c.post(
          '/api/register/',
          { username: uniqueName(), password: 'a fine passphrase' },
          { headers: { origin } },
        );
        expect(res.status).toBe(403);
        expect(res.json.error).toBe(TEXTS.server.originRefused);
      }
      const same = await c.post(
        '/api/register/',
        { username: uniqueName(), password: 'a fine passphrase' },
        { headers: { origin: server.baseUrl } },
      );
      expect(same.status).toBe(201);
    });

    it('GET /api/csrf/ sets a readable csrftoken cookie and keeps a valid one', async () => {
      const c = client();
      const res = await c.get('/api/csrf/');
      const cookie = res.headers.getSetCookie().find((l) => l.startsWith('csrftoken='))!;
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).not.toMatch(/HttpOnly/i);
      const again = await c.get('/api/csrf/');
      expect(again.json.csrftoken).toBe(res.json.csrftoken);
      expect(again.headers.getSetCookie()).toHaveLength(0);
    });
  });

  describe('register → login → session → logout', () => {
    it('walks the whole account lifecycle', async () => {
      const c = client();
      const username = uniqueName('Flow');
      expect((await c.get('/api/session/')).json).toEqual({
        username: null,
        is_authenticated: false,
        darkmode_enabled: null,
        onboarding_completed: false,
        product_name: PRODUCT_NAME_DEFAULT,
      });

      const reg = await c.register(username, 'a fine passphrase');
      expect(reg.status).toBe(201);
      expect(reg.json).toEqual({ username });
      expect(c.cookies.has('sessionid')).toBe(false);

      const login = await c.login(username.toUpperCase(), 'a fine passphrase');
      expect(login.status).toBe(200);
      expect(login.json).toEqual({ username, darkmode_enabled: null, onboarding_completed: false });

      const session = await c.get('/api/session/');
      expect(session.json).toEqual({
        username,
        is_authenticated: true,
        darkmode_enabled: null,
        onboarding_completed: false,
        product_name: PRODUCT_NAME_DEFAULT,
      });

      const oldSession = c.cookies.get('sessionid')!;
      const logout = await c.post('/api/logout/');
      expect(logout.status).toBe(200);
      expect(c.cookies.has('sessionid')).toBe(false);
      expect((await c.get('/api/session/')).json.is_authenticated).toBe(false);

      // The server forgot the session: replaying the old cookie gets nobody.
      const replay = new TestClient(server.baseUrl);
      replay.cookies.set('sessionid', oldSession);
      expect((await replay.get('/api/session/')).json.is_authenticated).toBe(false);
    });

    it('rotates the session id on login and ends the previous one', async () => {
      const c = client();
      const name = await c.signUp(uniqueName());
      const first = c.cookies.get('sessionid')!;
      await c.login(name);
      const second = c.cookies.get('sessionid')!;
      expect(second).not.toBe(first);
      const old = new TestClient(server.baseUrl);
      old.cookies.set('sessionid', first);
      expect((await old.get('/api/session/')).json.is_authenticated).toBe(false);
    });

    it('sets the session cookie HttpOnly, SameSite=Lax, Path=/', async () => {
      const c = client();
      const name = uniqueName();
      await c.register(name);
      const res = await c.login(name);
      const cookie = res.headers.getSetCookie().find((l) => l.startsWith('sessionid='))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Secure/i);
      expect(c.cookies.get('sessionid')!.length).toBeGreaterThanOrEqual(43);
    });
  });

  describe('login errors', () => {
    it('answers a wrong password and an unknown user with the same text', async () => {
      const c = client();
      const name = uniqueName();
      await c.register(name);
      const wrong = await c.login(name, 'not the password');
      const unknown = await c.login(uniqueName('ghost'), 'not the password');
      expect(wrong.status).toBe(400);
      expect(unknown.status).toBe(400);
      expect(wrong.json).toEqual({ error: TEXTS.server.invalidCredentials });
      expect(unknown.json).toEqual({ error: TEXTS.server.invalidCredentials });
      expect(c.cookies.has('sessionid')).toBe(false);
    });

    it('rejects blank fields and unknown keys', async () => {
      const c = client();
      await c.csrf();
      expect((await c.post('/api/login/', { username: ' ', password: 'x' })).status).toBe(400);
      expect(
        (await c.post('/api/login/', { username: 'abc', password: 'secretpass', admin: true })).status,
      ).toBe(400);
      expect((await c.request('POST', '/api/login/', { raw: '{not json' })).status).toBe(400);
    });
  });

  describe('registration rules', () => {
    it('refuses a duplicate username in any case', async () => {
      const c = client();
      const name = uniqueName('Dup');
      expect((await c.register(name)).status).toBe(201);
      const again = await c.register(name.toLowerCase());
      expect(again.status).toBe(400);
      expect(again.json.fields).toEqual({ username: TEXTS.server.usernameTaken });
    });

    it.each([
      'admin',
      'ADMINISTRATOR',
      'Moderator',
      'support',
      'System',
      'studium',
      'StudyBot',
      'interview_bot',
    ])('refuses the reserved username %j in any case', async (username) => {
      const c = client();
      await c.csrf();
      const res = await c.post('/api/register/', { username, password: 'a fine passphrase' });
      expect(res.status).toBe(400);
      expect(res.json.fields).toEqual({ username: TEXTS.server.usernameReserved });
      expect((await c.post('/api/login/', { username, password: 'a fine passphrase' })).status).toBe(400);
    });

    it.each([
      ['ab', 'username', TEXTS.server.usernameShape],
      ['has space', 'username', TEXTS.server.usernameShape],
      ['a'.repeat(31), 'username', TEXTS.server.usernameShape],
      ['emoji_😀', 'username', TEXTS.server.usernameShape],
    ])('refuses username %j with a field error', async (username, field, message) => {
      const c = client();
      await c.csrf();
      const res = await c.post('/api/register/', { username, password: 'a fine passphrase' });
      expect(res.status).toBe(400);
      expect(res.json.fields).toMatchObject({ [field]: message });
    });

    it.each([
      ['short', TEXTS.server.passwordTooShort],
      ['x'.repeat(129), TEXTS.server.passwordTooLong],
      ['password123', TEXTS.server.passwordTooCommon],
    ])('refuses password %j with a field error', async (password, message) => {
      const c = client();
      await c.csrf();
      const res = await c.post('/api/register/', { username: uniqueName(), password });
      expect(res.status).toBe(400);
      expect(res.json.fields).toEqual({ password: message });
      expect(res.json.error).toBe(message);
    });

    it('refuses a password equal to the username', async () => {
      const c = client();
      await c.csrf();
      const name = uniqueName('same');
      const res = await c.post('/api/register/', { username: name, password: name });
      expect(res.json.fields).toEqual({ password: TEXTS.server.passwordLikeUsername });
    });
  });

  describe('dark mode', () => {
    it('needs a login', async () => {
      const c = client();
      await c.csrf();
      expect((await c.get('/api/profile/settings/darkmode/')).status).toBe(401);
      expect((await c.post('/api/profile/settings/darkmode/', { darkmode_enabled: true })).status).toBe(401);
    });

    it('round-trips and shows in the session', async () => {
      const c = client();
      await c.signUp(uniqueName());
      expect((await c.get('/api/profile/settings/darkmode/')).json).toEqual({ darkmode_enabled: null });
      expect((await c.post('/api/profile/settings/darkmode/', { darkmode_enabled: true })).json).toEqual({
        darkmode_enabled: true,
      });
      expect((await c.get('/api/profile/settings/darkmode/')).json).toEqual({ darkmode_enabled: true });
      expect((await c.get('/api/session/')).json.darkmode_enabled).toBe(true);
      await c.post('/api/profile/settings/darkmode/', { darkmode_enabled: false });
      expect((await c.get('/api/profile/settings/darkmode/')).json).toEqual({ darkmode_enabled: false });
    });

    it('rejects a non-boolean value', async () => {
      const c = client();
      await c.signUp(uniqueName());
      const res = await c.post('/api/profile/settings/darkmode/', { darkmode_enabled: 'yes' });
      expect(res.status).toBe(400);
      expect(res.json.fields).toHaveProperty('darkmode_enabled');
    });
  });

  describe('GET /api/session/', () => {
    it('names the product as the PRODUCT_NAME setting of this server says, logged in or not', async () => {
      const named = await startTestServer(dialect, { PRODUCT_NAME: 'Campus Chat' });
      try {
        const c = new TestClient(named.baseUrl);
        expect((await c.get('/api/session/')).json.product_name).toBe('Campus Chat');
        await c.signUp(uniqueName());
        expect((await c.get('/api/session/')).json.product_name).toBe('Campus Chat');
      } finally {
        await named.close();
      }
    });
  });

  describe('hardening', () => {
    it('sends the security headers and no-store on the API', async () => {
      const res = await client().get('/api/session/');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('refuses a JSON body over 64 KiB with 413', async () => {
      const c = client();
      await c.csrf();
      const res = await c.post('/api/login/', { username: 'x'.repeat(70_000), password: 'y' });
      expect(res.status).toBe(413);
      expect(res.json.error).toBe(TEXTS.server.bodyTooLarge);
    });

    it('answers unknown API paths with a JSON 404', async () => {
      const res = await client().get('/api/nope/');
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error: TEXTS.server.notFound });
    });
  });
});

describe.each(DIALECTS)('rate limits on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      LOGIN_RATE_LIMIT: '3/0.001',
      LOGIN_FAILED_RATE_LIMIT: '2/0.001',
      REGISTER_RATE_LIMIT: '2/0.001',
    });
  });
  afterAll(async () => server?.close());

  it('limits registrations per address with 429 and Retry-After', async () => {
    const c = new TestClient(server.baseUrl);
    expect((await c.register(uniqueName())).status).toBe(201);
    expect((await c.register(uniqueName())).status).toBe(201);
    const limited = await c.register(uniqueName());
    expect(limited.status).toBe(429);
    expect(limited.json.error).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits failed logins per account before the password is checked', async () => {
    const c = new TestClient(server.baseUrl);
    const name = uniqueName('victim');
    await c.login(name, 'wrong password 1');
    await c.login(name, 'wrong password 2');
    const limited = await c.login(name, 'wrong password 3');
    expect(limited.status).toBe(429);
  });
});
