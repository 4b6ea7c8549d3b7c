import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/dialect';
import type { Executor } from '../../db/schema';
import { createRoom, newUserWithId } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/test-app';
import { catchUpSearchIndex, indexBacklog } from './search.backlog';

// SQLite's search index takes new messages in batches behind the writes (docs/search.md). An edit
// or a deletion must leave the index as FTS5 expects whether or not the message was indexed yet.
describe('the search backlog (SQLite)', () => {
  let server: TestServer;
  let roomId: number;
  let userId: number;
  const matches = async (word: string) =>
    (
      await sql<{
        id: number;
      }>`select rowid as id from messages_fts where messages_fts match ${word} order by rowid`.execute(
        server.ctx.db,
      )
    ).rows.map((r) => r.id);
  // FTS5 compares the index with the messages table and throws on any difference.
  const integrityCheck = () =>
    sql`insert into messages_fts(messages_fts, rank) values ('integrity-check', 1)`.execute(server.ctx.db);
  const insert = async (trx: Executor, content: string) =>
    (
      await trx
        .insertInto('messages')
        .values({ room_id: roomId, user_id: userId, content, created_at: nowIso(), edited_at: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const setContent = (trx: Executor, id: number, content: string) =>
    trx.updateTable('messages').set({ content }).where('id', '=', id).execute();
  const remove = (trx: Executor, id: number) => trx.deleteFrom('messages').where('id', '=', id).execute();

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    roomId = (await createRoom(server.ctx)).id;
    userId = (await newUserWithId(server)).id;
  });
  afterAll(async () => server.close());

  it('indexes a message edited or deleted before its turn as it is by then', async () => {
    // One writer unit: the indexer cannot run between the insert and the changes.
    const [kept, edited, deleted] = await server.ctx.writer.run(async (trx) => {
      const ids = [
        await insert(trx, 'walrus one'),
        await insert(trx, 'walrus two'),
        await insert(trx, 'walrus three'),
      ];
      await setContent(trx, ids[1]!, 'narwhal two');
      await remove(trx, ids[2]!);
      return ids;
    });
    await catchUpSearchIndex(server.ctx);
    await integrityCheck();
    expect(await matches('walrus')).toEqual([kept]);
    expect(await matches('narwhal')).toEqual([edited]);
    expect(deleted).toBeGreaterThan(edited!);
  });

  it('keeps an indexed message in step when it is edited or deleted', async () => {
    const [a, b] = await server.ctx.writer.run(async (trx) => [
      await insert(trx, 'pelican alpha'),
      await insert(trx, 'pelican beta'),
    ]);
    await catchUpSearchIndex(server.ctx);
    expect(await matches('pelican')).toEqual([a, b]);
    await server.ctx.writer.run(async (trx) => {
      await setContent(trx, a!, 'heron alpha');
      await remove(trx, b!);
    });
    await integrityCheck();
    expect(await matches('pelican')).toEqual([]);
    expect(await matches('heron')).toEqual([a]);
  });

  it('indexes a long backlog a thousand messages a unit, all of it before a search', async () => {
    await server.ctx.writer.run(async (trx) => {
      await sql`with recursive n(value) as (select 1 union all select value + 1 from n where value < 2500)
        insert into messages (room_id, user_id, content, created_at, edited_at)
        select ${roomId}, ${userId}, 'puffin ' || value, ${nowIso()}, null from n`.execute(trx);
    });
    const first = await server.ctx.writer.run(indexBacklog);
    // The interval indexer may have taken part of it meanwhile; never more than a thousand a unit.
    expect(first).toBeLessThanOrEqual(1000);
    await catchUpSearchIndex(server.ctx);
    expect(await server.ctx.writer.run(indexBacklog)).toBe(0);
    expect(await matches('puffin')).toHaveLength(2500);
    await integrityCheck();
  });

  it('leaves the writer alone when nothing waits to be indexed', async () => {
    await catchUpSearchIndex(server.ctx);
    const run = server.ctx.writer.run.bind(server.ctx.writer);
    let units = 0;
    server.ctx.writer.run = ((...args: Parameters<typeof run>) => {
      units++;
      return run(...args);
    }) as typeof run;
    try {
      await catchUpSearchIndex(server.ctx);
      expect(units).toBe(0);
      await run(async (trx) => insert(trx, 'gannet'));
      await catchUpSearchIndex(server.ctx);
      // Its own unit, or the interval indexer's if that came first.
      expect(units).toBeGreaterThan(0);
      expect(await matches('gannet')).toHaveLength(1);
    } finally {
      server.ctx.writer.run = run;
    }
  });
});
