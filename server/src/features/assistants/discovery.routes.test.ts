import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoom, userId } from '../../../test/factories';
import { TestClient, uniqueName } from '../../../test/http-client';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';
import { discoveryIndexOf } from './discovery.service';

describe.each(DIALECTS)('GET /api/assistants/discover/ and its kept index on %s', (dialect) => {
  let server: TestServer;
  let client: TestClient;
  let name: string;
  beforeAll(async () => {
    server = await startTestServer(dialect, { ASSISTANT_RATE_LIMIT: '1000/100' });
    client = new TestClient(server.baseUrl);
    name = await client.signUp(uniqueName('finder'));
  });
  afterAll(async () => server?.close());

  const discover = async (q: string) => {
    const res = await client.get(`/api/assistants/discover/?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    return res.json.rooms as Array<{ id: number; name: string; score: number }>;
  };
  const builds = () => discoveryIndexOf(server.ctx.db).builds;

  it('builds the index once while no tree room changes', async () => {
    await discover('linear algebra eigenvalues');
    const before = builds();
    await discover('help with databases');
    await discover('I want to learn about compilers');
    expect(builds()).toBe(before);
  });

  it('sees a new, a renamed and a removed room at the next request', async () => {
    expect((await discover('xylophone acoustics')).map((r) => r.name)).toEqual([]);
    const room = await createRoom(server.ctx, { name: 'Xylophone acoustics', topic: 'xylophone acoustics' });
    expect((await discover('xylophone acoustics')).map((r) => r.id)).toContain(room.id);

    const before = builds();
    await server.ctx.db
      .updateTable('rooms')
      .set({ name: 'Marimba tuning' })
      .where('id', '=', room.id)
      .execute();
    const renamed = await discover('marimba tuning');
    expect(renamed.find((r) => r.id === room.id)?.name).toBe('Marimba tuning');
    expect(builds()).toBe(before + 1);

    await server.ctx.db.deleteFrom('rooms').where('id', '=', room.id).execute();
    expect((await discover('marimba tuning')).map((r) => r.id)).not.toContain(room.id);
  });

  it('answers requests in Spanish, French and German', async () => {
    const room = await createRoom(server.ctx, {
      name: 'Thermodynamics revision',
      topic: 'thermodynamics entropy',
      description: 'Revising thermodynamics together: entropy, heat engines.',
    });
    for (const q of [
      'busco gente para repasar termodinámica',
      "besoin d'aide en thermodynamique, l'entropie surtout",
      'Fragen zur Thermodynamik',
    ])
      expect(
        (await discover(q)).slice(0, 3).map((r) => r.id),
        q,
      ).toContain(room.id);
  });

  it('leaves out results far weaker than the best one', async () => {
    const strong = await createRoom(server.ctx, {
      name: 'Origami folding',
      topic: 'origami folding paper cranes',
      description: 'Origami folding club: paper cranes and modular origami.',
    });
    const weak = await createRoom(server.ctx, {
      name: 'Stationery swap',
      topic: 'stationery',
      description: 'Swap pens, notebooks and paper.',
    });
    const rooms = await discover('origami folding paper cranes');
    expect(rooms[0]?.id).toBe(strong.id);
    expect(rooms.map((r) => r.id)).not.toContain(weak.id);
  });

  it('never suggests a room the user is banned from', async () => {
    const room = await createRoom(server.ctx, { name: 'Glassblowing studio', topic: 'glassblowing' });
    expect((await discover('glassblowing studio')).map((r) => r.id)).toContain(room.id);
    await server.ctx.db
      .insertInto('room_bans')
      .values({
        room_id: room.id,
        user_id: await userId(server.ctx, name),
        ends_at: null,
        created_by: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await discover('glassblowing studio')).map((r) => r.id)).not.toContain(room.id);
  });
});
