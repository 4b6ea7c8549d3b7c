import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../context';
import { nowIso } from '../../db/dialect';
import { addMember, createRoom, newUserWithId } from '../../../test/factories';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';
import { findRoomWithRole, roomsWithRoleById } from '../rooms/rooms.repository';
import { insertMessages } from './chat.repository';
import { sendMessage } from './chat.service';

// Sends made in the same turn share one writer batch; on PostgreSQL they run side by side and
// their room reads and inserts go to the database once for all of them (docs/benchmarks.md).
// Whatever the engine, each send must be decided as if it had been alone.
describe.each(DIALECTS)('sends of one batch (%s)', (dialect) => {
  let server: TestServer;
  let alice: CurrentUser;
  let bob: CurrentUser;
  let carol: CurrentUser;
  const asUser = (u: { id: number; name: string }): CurrentUser => ({
    id: u.id,
    username: u.name,
    sessionId: 0,
  });
  const stored = (roomId: number) =>
    server.ctx.db
      .selectFrom('messages')
      .select(['id', 'user_id', 'content', 'reply_to'])
      .where('room_id', '=', roomId)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    server = await startTestServer(dialect, { MESSAGE_RATE_LIMIT: '1000/100' });
    alice = asUser(await newUserWithId(server, 'alice'));
    bob = asUser(await newUserWithId(server, 'bob'));
    carol = asUser(await newUserWithId(server, 'carol'));
  });
  afterAll(async () => server.close());

  it('stores each send in the order it was made and answers each with its own message', async () => {
    const room = await createRoom(server.ctx);
    const other = await createRoom(server.ctx);
    // First round: nobody is a member yet, and the rooms are write-gated, so each first send
    // joins (twice in the batch for each sender). Second round: members only, every send alike.
    for (const round of [1, 2]) {
      const sends = Array.from({ length: 12 }, (_, i) =>
        sendMessage(server.ctx, [alice, bob, carol][i % 3]!, i % 4 === 3 ? other.id : room.id, {
          content: `message ${round}.${i}`,
          client_id: `batch-${dialect}-${round}-${i}`,
        }),
      );
      const answers = await Promise.all(sends);
      expect(answers.map((a) => a.message.message)).toEqual(sends.map((_, i) => `message ${round}.${i}`));
      expect(answers.every((a) => a.created)).toBe(true);
      const ids = answers.map((a) => a.message.id);
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
      const contents = await server.ctx.db
        .selectFrom('messages')
        .select(['id', 'content'])
        .where('id', 'in', ids)
        .execute();
      expect(new Map(contents.map((m) => [m.id, m.content]))).toEqual(
        new Map(answers.map((a) => [a.message.id, a.message.message])),
      );
    }
    const inRoom = (await stored(room.id)).map((m) => m.content);
    expect(inRoom).toEqual(
      [1, 2].flatMap((round) => [0, 1, 2, 4, 5, 6, 8, 9, 10].map((i) => `message ${round}.${i}`)),
    );
    expect((await stored(other.id)).map((m) => m.content)).toEqual(
      [1, 2].flatMap((round) => [3, 7, 11].map((i) => `message ${round}.${i}`)),
    );
    const counts = await server.ctx.db
      .selectFrom('rooms')
      .select(['id', 'message_count'])
      .where('id', 'in', [room.id, other.id])
      .orderBy('id')
      .execute();
    expect(counts.map((c) => c.message_count)).toEqual([18, 6]);
    const members = await server.ctx.db
      .selectFrom('room_members')
      .select('user_id')
      .where('room_id', '=', room.id)
      .execute();
    expect(members.map((m) => m.user_id).sort()).toEqual([alice.id, bob.id, carol.id].sort());
  });

  it('answers a repeated client id with the stored message, in the same batch and after', async () => {
    const room = await createRoom(server.ctx, { is_write_gated: 0 });
    const clientId = `again-${dialect}`;
    const send = () => sendMessage(server.ctx, alice, room.id, { content: 'only once', client_id: clientId });
    const [first, second, other] = await Promise.all([
      send(),
      send(),
      sendMessage(server.ctx, bob, room.id, { content: 'someone else', client_id: clientId }),
    ]);
    expect(first.created).toBe(true);
    expect(second).toMatchObject({ created: false, message: { id: first.message.id } });
    expect(other.created).toBe(true);
    expect((await send()).message.id).toBe(first.message.id);
    expect((await stored(room.id)).map((m) => m.content)).toEqual(['only once', 'someone else']);
  });

  it('refuses a banned sender alone, and stores a reply to a message of the same batch', async () => {
    const room = await createRoom(server.ctx, { is_write_gated: 0 });
    await addMember(server.ctx, room.id, carol.username);
    await server.ctx.db
      .insertInto('room_bans')
      .values({ room_id: room.id, user_id: carol.id, ends_at: null, created_by: null, created_at: nowIso() })
      .execute();
    const parent = await sendMessage(server.ctx, alice, room.id, { content: 'the question' });
    const results = await Promise.allSettled([
      sendMessage(server.ctx, bob, room.id, { content: 'first' }),
      sendMessage(server.ctx, carol, room.id, { content: 'banned' }),
      sendMessage(server.ctx, alice, room.id, { content: 'an answer', reply_to: parent.message.id }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await stored(room.id)).map((m) => [m.content, m.reply_to])).toEqual([
      ['the question', null],
      ['first', null],
      ['an answer', parent.message.id],
    ]);
  });

  it.runIf(dialect === 'postgres')(
    'reads rooms for many senders at once exactly as for one, and inserts in the order given',
    async () => {
      const open = await createRoom(server.ctx, { is_write_gated: 0 });
      const closed = await createRoom(server.ctx, { is_public_readable: 0 });
      await addMember(server.ctx, closed.id, alice.username, 'owner');
      await addMember(server.ctx, open.id, bob.username);
      const past = new Date(Date.now() - 60_000).toISOString();
      await server.ctx.db
        .insertInto('room_bans')
        .values([
          { room_id: open.id, user_id: carol.id, ends_at: null, created_by: null, created_at: past },
          { room_id: closed.id, user_id: bob.id, ends_at: past, created_by: null, created_at: past },
        ])
        .execute();
      const now = nowIso();
      const keys = [open.id, closed.id, 999_999_999].flatMap((id) =>
        [alice, bob, carol].map((u) => ({ id, userId: u.id, now })),
      );
      const many = await roomsWithRoleById(server.ctx.db, keys);
      const one = await Promise.all(keys.map((k) => findRoomWithRole(server.ctx.db, { id: k.id }, k.userId)));
      expect(many).toEqual(one);
      expect(many.filter(Boolean)).toHaveLength(6);

      const at = nowIso();
      const row = (user: CurrentUser, content: string, client_id: string | null) => ({
        room_id: open.id,
        user_id: user.id,
        content,
        reply_to: null,
        client_id,
        created_at: at,
      });
      const [taken] = await insertMessages(server.ctx.db, [row(bob, 'stored before', 'dup-1')]);
      const ids = await insertMessages(server.ctx.db, [
        row(alice, 'a', null),
        row(bob, 'b', 'dup-1'),
        row(alice, 'c', 'dup-2'),
        row(alice, 'd', 'dup-2'),
        row(bob, 'e', null),
      ]);
      expect(taken).toBeTypeOf('number');
      expect(ids.map((id) => id === undefined)).toEqual([false, true, false, true, false]);
      const kept = ids.filter((id): id is number => id !== undefined);
      expect([...kept].sort((a, b) => a - b)).toEqual(kept);
      const contents = await server.ctx.db
        .selectFrom('messages')
        .select(['id', 'content'])
        .where('id', 'in', kept)
        .orderBy('id')
        .execute();
      expect(contents.map((m) => m.content)).toEqual(['a', 'c', 'e']);
    },
  );
});
