import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@studium/protocol';
import { createRoom } from '../../../test/factories';
import { TestClient, uniqueName } from '../../../test/http-client';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';

describe.each(DIALECTS)('search rate limit on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let room: { id: number };
  beforeAll(async () => {
    // Three searches at once, then one every 100 s: the fourth in a row is refused.
    server = await startTestServer(dialect, { SEARCH_RATE_LIMIT: '3/0.01' });
    alice = new TestClient(server.baseUrl);
    bob = new TestClient(server.baseUrl);
    await alice.signUp(uniqueName('alice'));
    await bob.signUp(uniqueName('bob'));
    room = await createRoom(server.ctx);
  });
  afterAll(async () => server?.close());

  const search = (c: TestClient, q: string) => c.get(`/api/search/?q=${encodeURIComponent(q)}`);

  it('answers 429 with Retry-After and a clear text once a user has searched too much', async () => {
    for (const q of ['eigen', 'vector', 'matrix']) expect((await search(alice, q)).status).toBe(200);
    const refused = await search(alice, 'basis');
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(100);
    expect(refused.json).toEqual({ error: TEXTS.server.rateLimited(wait) });
  });

  it("counts the 'Already answered?' look-ups in the same bucket", async () => {
    const similar = await alice.get(
      `/api/rooms/${room.id}/similar/?q=${encodeURIComponent('how do I invert a matrix?')}`,
    );
    expect(similar.status).toBe(429);
    expect(similar.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('keeps one bucket per user: another user still searches', async () => {
    expect((await search(bob, 'eigen')).status).toBe(200);
  });
});
