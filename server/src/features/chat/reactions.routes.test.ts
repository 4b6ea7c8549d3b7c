import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TEXTS } from '@studium/protocol';
import { utcDay } from '../../db/dialect';
import { createPrivateRoom, createRoom, isMember, userId } from '../../../test/factories';
import { TestClient, uniqueName } from '../../../test/http-client';
import { DIALECTS, startServerWithTwoUsers, type TestServer } from '../../../test/test-app';

const t = CHAT_TEXTS.chat;
type Msg = { id: number; reactions: Record<string, number> };

describe.each(DIALECTS)('reactions and rankings on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceName: string;
  let bobName: string;
  beforeAll(async () => {
    ({ server, alice, bob, aliceName, bobName } = await startServerWithTwoUsers(dialect));
  });
  afterAll(async () => server?.close());

  const send = (c: TestClient, room: number, body: Record<string, unknown>) =>
    c.post(`/api/rooms/${room}/messages/`, body);
  const history = async (c: TestClient, room: number) =>
    (await c.get(`/api/rooms/${room}/messages/`)).json as { messages: Msg[] };

  describe('POST /api/messages/{id}/react/ and rankings', () => {
    it('toggles reactions, counts them, and keeps the rankings counters', async () => {
      const carol = new TestClient(server.baseUrl);
      await carol.signUp(uniqueName('carol'));
      const room = await createRoom(server.ctx);
      const msg = (await send(alice, room.id, { content: 'react to me' })).json as Msg;
      expect((await bob.post(`/api/messages/${msg.id}/react/`, { emoji: '👍' })).json).toEqual({
        reactions: { '👍': 1 },
      });
      expect((await carol.post(`/api/messages/${msg.id}/react/`, { emoji: '👍' })).json).toEqual({
        reactions: { '👍': 2 },
      });
      expect((await carol.post(`/api/messages/${msg.id}/react/`, { emoji: '❤' })).json).toEqual({
        reactions: { '👍': 2, '❤️': 1 },
      });
      expect((await bob.post(`/api/messages/${msg.id}/react/`, { emoji: '👍' })).json).toEqual({
        reactions: { '👍': 1, '❤️': 1 },
      });
      // Reacting to your own message does not rank you.
      await alice.post(`/api/messages/${msg.id}/react/`, { emoji: '😆' });
      expect((await history(bob, room.id)).messages[0]!.reactions).toEqual({ '👍': 1, '❤️': 1, '😆': 1 });

      const aliceId = await userId(server.ctx, aliceName);
      const total = await server.ctx.db
        .selectFrom('user_reaction_totals')
        .select('total')
        .where('user_id', '=', aliceId)
        .executeTakeFirst();
      const today = await server.ctx.db
        .selectFrom('user_reaction_days')
        .select('total')
        .where('user_id', '=', aliceId)
        .where('day', '=', utcDay(new Date().toISOString()))
        .executeTakeFirst();
      expect(total?.total).toBe(2);
      expect(today?.total).toBe(2);
      const rankings = (await bob.get('/api/rankings/')).json.rankings as Array<Record<string, unknown>>;
      expect(rankings[0]).toEqual({ username: aliceName, total_reactions: 2, total_reactions_day: 2 });
    });

    it('ranks best first and counts today apart from earlier days', async () => {
      const dave = new TestClient(server.baseUrl);
      const daveName = await dave.signUp(uniqueName('dave'));
      const daveId = await userId(server.ctx, daveName);
      await server.ctx.db
        .insertInto('user_reaction_totals')
        .values({ user_id: daveId, total: 1000 })
        .execute();
      await server.ctx.db
        .insertInto('user_reaction_days')
        .values({ user_id: daveId, day: '2020-01-01', total: 1000 })
        .execute();
      const rankings = (await dave.get('/api/rankings/')).json.rankings as Array<Record<string, unknown>>;
      expect(rankings[0]).toEqual({ username: daveName, total_reactions: 1000, total_reactions_day: 0 });
      expect(rankings.length).toBeGreaterThan(1);
    });

    it('ranks by today with ?period=today, including users outside the all-time top', async () => {
      const frank = new TestClient(server.baseUrl);
      const frankName = await frank.signUp(uniqueName('frank'));
      const frankId = await userId(server.ctx, frankName);
      const day = utcDay(new Date().toISOString());
      await server.ctx.db.insertInto('user_reaction_totals').values({ user_id: frankId, total: 3 }).execute();
      await server.ctx.db
        .insertInto('user_reaction_days')
        .values({ user_id: frankId, day, total: 3 })
        .execute();
      const today = (await frank.get('/api/rankings/?period=today')).json.rankings as Array<
        Record<string, unknown>
      >;
      expect(today[0]).toEqual({ username: frankName, total_reactions: 3, total_reactions_day: 3 });
      expect(today.every((r) => (r.total_reactions_day as number) > 0)).toBe(true);
      const days = today.map((r) => r.total_reactions_day as number);
      expect(days).toEqual([...days].sort((a, b) => b - a));
    });

    it('counts one reactor at most the daily limit for one author, and taking back uncounted ones changes nothing', async () => {
      const limit = server.ctx.config.rankings.pairDailyLimit;
      const gina = new TestClient(server.baseUrl);
      const ginaName = await gina.signUp(uniqueName('gina'));
      const hal = new TestClient(server.baseUrl);
      await hal.signUp(uniqueName('hal'));
      const ivy = new TestClient(server.baseUrl);
      await ivy.signUp(uniqueName('ivy'));
      const room = await createRoom(server.ctx);
      const ids: number[] = [];
      for (let i = 0; i < limit + 2; i++)
        ids.push(((await send(gina, room.id, { content: `m${i}` })).json as Msg).id);
      const ginaId = await userId(server.ctx, ginaName);
      const counters = async () => {
        const total = await server.ctx.db
          .selectFrom('user_reaction_totals')
          .select('total')
          .where('user_id', '=', ginaId)
          .executeTakeFirst();
        const day = await server.ctx.db
          .selectFrom('user_reaction_days')
          .select('total')
          .where('user_id', '=', ginaId)
          .where('day', '=', utcDay(new Date().toISOString()))
          .executeTakeFirst();
        return [Number(total?.total ?? 0), Number(day?.total ?? 0)];
      };
      const react = async (c: TestClient, id: number, emoji = '👍') =>
        expect((await c.post(`/api/messages/${id}/react/`, { emoji })).status).toBe(200);

      // Hal reacts to every message, twice each: only `limit` of them count.
      for (const id of ids) {
        await react(hal, id);
        await react(hal, id, '❤');
      }
      expect(await counters()).toEqual([limit, limit]);
      // Someone else's reactions count on their own allowance.
      await react(ivy, ids[0]!);
      expect(await counters()).toEqual([limit + 1, limit + 1]);
      // Hal takes back reactions: while more were given than counted, nothing moves.
      for (const id of ids.slice(0, limit + 2)) await react(hal, id, '❤');
      expect(await counters()).toEqual([limit + 1, limit + 1]);
      // Fewer given than the limit now: each one taken back counts off.
      await react(hal, ids[0]!);
      await react(hal, ids[1]!);
      await react(hal, ids[2]!);
      expect(await counters()).toEqual([limit + 1 - 1, limit + 1 - 1]);
      // Given again, it counts again, up to the limit.
      await react(hal, ids[0]!, '😆');
      expect(await counters()).toEqual([limit + 1, limit + 1]);
      await react(hal, ids[1]!, '😆');
      expect(await counters()).toEqual([limit + 1, limit + 1]);

      const answer = (await gina.get('/api/rankings/')).json as { rules: { pair_daily_limit: number } };
      expect(answer.rules).toEqual({ pair_daily_limit: limit });
    });

    it('takes any single emoji and refuses anything else, and a non-member of a members-only room', async () => {
      const room = await createRoom(server.ctx);
      const msg = (await send(alice, room.id, { content: 'x' })).json as Msg;
      for (const emoji of ['🦄', '👍🏽', '👨‍👩‍👧‍👦', '🇫🇷', '1️⃣', '🏴󠁧󠁢󠁳󠁣󠁴󠁿'])
        expect((await bob.post(`/api/messages/${msg.id}/react/`, { emoji })).status, emoji).toBe(200);
      expect((await history(bob, room.id)).messages[0]!.reactions).toEqual({
        '🦄': 1,
        '👍🏽': 1,
        '👨‍👩‍👧‍👦': 1,
        '🇫🇷': 1,
        '1️⃣': 1,
        '🏴󠁧󠁢󠁳󠁣󠁴󠁿': 1,
      });
      for (const emoji of ['a', '👍👍', '👍 ', ':+1:', '<b>', '', '1', '🇫', 'x'.repeat(40), '\u200d']) {
        const bad = await bob.post(`/api/messages/${msg.id}/react/`, { emoji });
        expect(bad.status, emoji).toBe(400);
        expect(bad.json.error).toBe(t.emojiNotAllowed);
      }
      expect(Object.keys((await history(bob, room.id)).messages[0]!.reactions)).toHaveLength(6);
      const secret = await createPrivateRoom(server.ctx, aliceName, [bobName]);
      const inside = (await send(bob, secret.id, { content: 'y' })).json as Msg;
      const carol = new TestClient(server.baseUrl);
      await carol.signUp(uniqueName('carol'));
      expect((await carol.post(`/api/messages/${inside.id}/react/`, { emoji: '👍' })).status).toBe(404);
    });

    it('auto-joins a non-member reacting in a write-gated public room', async () => {
      const room = await createRoom(server.ctx);
      const msg = (await send(alice, room.id, { content: 'x' })).json as Msg;
      const eve = new TestClient(server.baseUrl);
      const eveName = await eve.signUp(uniqueName('eve'));
      expect((await eve.post(`/api/messages/${msg.id}/react/`, { emoji: '🎉' })).status).toBe(200);
      expect(await isMember(server.ctx, room.id, eveName)).toBe(true);
    });
  });
});
