import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TEXTS } from '@studium/protocol';
import { TestClient, uniqueName } from '../../../test/http-client';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';

const t = CHAT_TEXTS.chat;

describe.each(DIALECTS)('user search on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    alice = new TestClient(server.baseUrl);
    await alice.signUp(uniqueName('alice'));
  });
  afterAll(async () => server?.close());

  describe('GET /api/users/search/', () => {
    it('matches case-insensitively by prefix or substring, at most 10', async () => {
      const stem = `Zq${Math.random().toString(36).slice(2, 6)}`;
      const c = new TestClient(server.baseUrl);
      for (let i = 0; i < 12; i++) await c.register(`${stem}_${i}`);
      await c.register(`x_${stem}`);
      const res = await alice.get(`/api/users/search/?q=${stem.toUpperCase()}`);
      expect(res.status).toBe(200);
      const results = res.json.results as Array<{ username: string }>;
      expect(results).toHaveLength(10);
      expect(results.every((r) => r.username.startsWith(stem))).toBe(true);
      expect((await alice.get(`/api/users/search/?q=x_${stem}`)).json.results).toEqual([
        { username: `x_${stem}` },
      ]);
    });

    it('needs two characters and treats LIKE wildcards literally', async () => {
      const short = await alice.get('/api/users/search/?q=a');
      expect(short.status).toBe(400);
      expect(short.json.error).toBe(t.searchTooShort);
      expect((await alice.get('/api/users/search/?q=%25%25')).json.results).toEqual([]);
      expect((await alice.get('/api/users/search/?q=__')).json.results).toEqual([]);
    });
  });
});
