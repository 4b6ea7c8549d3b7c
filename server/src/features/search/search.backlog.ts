import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { getDialect } from '../../db/dialect';
import type { Executor } from '../../db/schema';

/**
 * SQLite's search index takes new messages in batches behind the writes (docs/search.md): a
 * message's own insert into FTS5, in its send's transaction, cost more than the rest of its
 * storing, and a thousand at once cost a fifth as much each. The messages above
 * `search_progress.indexed_upto` are the backlog; it lives in the database, so nothing is lost
 * when the process stops, and a search catches it up first, so it always finds what was sent.
 * PostgreSQL computes its tsvector with the row and has no backlog.
 */

/** Most messages one writer unit indexes, so a long backlog never holds the writer for long. */
const UNIT_MAX = 1000;
/** How often the backlog is indexed while messages keep coming. */
const EVERY_MS = 250;

/** Indexes up to UNIT_MAX messages of the backlog, in the writer's unit; answers how many. */
export async function indexBacklog(trx: Executor): Promise<number> {
  const { rows: [edge] = [] } = await sql<{ from_id: number; to_id: number | null; n: number }>`
    select (select indexed_upto from search_progress where id = 1) as from_id, max(id) as to_id, count(*) as n
    from (select id from messages where id > (select indexed_upto from search_progress where id = 1)
      order by id limit ${UNIT_MAX})`.execute(trx);
  if (!edge || edge.to_id === null) return 0;
  await sql`insert into messages_fts(rowid, content)
    select id, content from messages where id > ${edge.from_id} and id <= ${edge.to_id}`.execute(trx);
  await sql`update search_progress set indexed_upto = ${edge.to_id} where id = 1`.execute(trx);
  return Number(edge.n);
}

/**
 * Whether messages wait to be indexed: a plain read, so an idle server (and a search with
 * nothing to catch up) never takes the writer for it.
 */
async function hasBacklog(db: Executor): Promise<boolean> {
  const { rows: [row] = [] } = await sql<{ waiting: number }>`
    select exists(select 1 from messages
      where id > (select indexed_upto from search_progress where id = 1)) as waiting`.execute(db);
  return Boolean(row?.waiting);
}

/** Indexes the whole backlog (SQLite); a search runs this first. */
export async function catchUpSearchIndex(ctx: AppContext): Promise<void> {
  if (getDialect(ctx.db) !== 'sqlite' || !(await hasBacklog(ctx.db))) return;
  while ((await ctx.writer.run(indexBacklog)) === UNIT_MAX);
}

/**
 * Indexes the backlog every EVERY_MS (SQLite); answers the stop for shutdown. A failed run is
 * logged and the next one tries again: the backlog stays in the database meanwhile.
 */
export function startSearchIndexer(ctx: AppContext): () => Promise<void> {
  if (getDialect(ctx.db) !== 'sqlite') return async () => {};
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    // One run at a time: a run that outlasts the interval skips the next tick.
    running ??= catchUpSearchIndex(ctx)
      .catch((err: unknown) => ctx.log.warn({ err }, 'search indexing failed'))
      .finally(() => (running = null));
  }, EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
