import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DiscoverResponse, InterviewReading } from '@studium/protocol';
import { TestClient, uniqueName } from '../../../../test/http-client';
import { DIALECTS, startTestServer, type TestServer } from '../../../../test/test-app';
import { SCORED_SLOTS, measureDiscovery, measureExtraction } from './measure';

/** The same quality sets as quality.test.ts, through the HTTP endpoints on the seeded room tree. */
describe.each(DIALECTS)('assistants quality through HTTP on %s', (dialect) => {
  let server: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    server = await startTestServer(dialect, { SEED_DEMO: '1', ASSISTANT_RATE_LIMIT: '1000/100' });
    client = new TestClient(server.baseUrl);
    await client.signUp(uniqueName('quality'));
  }, 60_000);
  afterAll(async () => server?.close());

  test('interview answers through POST /api/assistants/interview/parse/: ≥ 90 % per slot', async () => {
    const report = await measureExtraction(async (text) => {
      const res = await client.post('/api/assistants/interview/parse/', { text });
      expect(res.status).toBe(200);
      return res.json as unknown as InterviewReading;
    });
    for (const slot of SCORED_SLOTS) expect(report.accuracy.all[slot], slot).toBeGreaterThanOrEqual(0.9);
  }, 60_000);

  test('discovery requests through GET /api/assistants/discover/: ≥ 80 % top-3', async () => {
    const report = await measureDiscovery(async (q) => {
      const res = await client.get(`/api/assistants/discover/?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return (res.json as unknown as DiscoverResponse).rooms;
    });
    expect(report.top3.all).toBeGreaterThanOrEqual(0.8);
  }, 60_000);
});
