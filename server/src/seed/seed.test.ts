import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/http-client';
import { DIALECTS, startTestServer, type TestServer } from '../../test/test-app';
import { seedDemoData } from './seed';

describe.each(DIALECTS)('demo seed on %s', (dialect) => {
  let server: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    server = await startTestServer(dialect, { SEED_DEMO: '1' });
    client = new TestClient(server.baseUrl);
    const [first] = server.demoAccounts;
    await client.login(first!.username, first!.password);
  });
  afterAll(async () => server?.close());

  it('creates the room tree with some conversations, reactions and rankings', async () => {
    const rooms = await server.ctx.db
      .selectFrom('rooms')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'public')
      .executeTakeFirstOrThrow();
    expect(Number(rooms.n)).toBeGreaterThanOrEqual(50);
    const history = await client.get('/api/rooms/science.computer_science.cs-101/messages/');
    expect(history.json.messages).toHaveLength(5);
    expect((history.json.messages as Array<{ reactions: Record<string, number> }>)[0]!.reactions).toEqual({
      '👍': 2,
      '🎉': 1,
    });
    const detail = await client.get('/api/rooms/science.computer_science.cs-101/');
    expect(detail.json).toMatchObject({ message_count: 5, last_message_at: expect.any(String) });
    const rankings = (await client.get('/api/rankings/')).json.rankings as Array<{ total_reactions: number }>;
    expect(rankings.length).toBeGreaterThan(0);
    expect(rankings[0]!.total_reactions).toBeGreaterThanOrEqual(rankings.at(-1)!.total_reactions);
  });

  it('does nothing on a database that already has data', async () => {
    expect(await seedDemoData(server.ctx)).toEqual([]);
  });
});
