import { sql, type RawBuilder } from 'kysely';
import { getDialect } from '../../db/dialect';
import { PG_ACCENTS_FROM, PG_ACCENTS_TO } from './accents';
import type { Executor } from '../../db/schema';
import { activeBanId, memberRole } from '../rooms/rooms.queries';
import { fts5Match, tsQueryText, type Term } from './search.query';

/**
 * Rooms the user is a member of, and the open tree rooms, with what the read rule needs: the
 * membership and whether a ban from the room holds at `now` (docs/moderation.md).
 */
export const listCandidateRooms = (db: Executor, userId: number, now: string) =>
  db
    .selectFrom('rooms')
    .select(['rooms.id', 'rooms.name', 'rooms.path', 'rooms.kind', 'rooms.is_public_readable'])
    .select(['rooms.is_write_gated', 'rooms.owner_id'])
    .select((eb) => memberRole(eb, userId))
    .select((eb) => activeBanId(eb, userId, now))
    .where((eb) =>
      eb.or([
        eb.and([eb('rooms.kind', '=', 'public'), eb('rooms.is_public_readable', '=', 1)]),
        eb.exists(
          eb
            .selectFrom('room_members')
            .select('room_members.room_id')
            .whereRef('room_members.room_id', '=', 'rooms.id')
            .where('room_members.user_id', '=', userId),
        ),
      ]),
    )
    .execute();

export const findUserIdByName = async (db: Executor, username: string) =>
  (
    await db
      .selectFrom('users')
      .select('id')
      .where('username_lower', '=', username.toLowerCase())
      .executeTakeFirst()
  )?.id;

export const maxMessageId = async (db: Executor): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('messages')
        .select((eb) => eb.fn.max('id').as('max'))
        .executeTakeFirst()
    )?.max ?? 0,
  );

/**
 * The first message id sent at or after `iso` (ids grow with time): a binary search over the
 * primary key, so a date filter becomes an id range the indexes walk (the created_at test stays too).
 */
export async function firstIdAtOrAfter(db: Executor, iso: string, maxId: number): Promise<number> {
  let lo = 1;
  let hi = maxId + 1;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const row = await db
      .selectFrom('messages')
      .select(['id', 'created_at'])
      .where('id', '>=', mid)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!row || row.created_at >= iso) hi = mid;
    else lo = row.id + 1;
  }
  return lo;
}

/** SQLite, sparse filters: matches of the words walked at most per window (docs/search.md). */
const WALK_MAX = 10_000;

export interface WindowFilter {
  terms: Term[];
  /** Filters keep few of the matches (from:, in:): on SQLite the walk is capped (WALK_MAX). */
  sparse?: boolean;
  /** Every term must match, or any two (similar questions). */
  mode?: 'all' | 'pairs';
  roomIds: number[];
  userId?: number;
  /** Leave out this author's messages (similar questions: never the asker's own). */
  notUserId?: number;
  /** Inclusive id bounds. */
  maxId: number;
  minId?: number;
  before?: string;
  after?: string;
  size: number;
}

/**
 * One window: the `size` most recent readable matches at or below `maxId`, newest first, with
 * their text. Only these are ranked (search.rank.ts), so a common word costs a bounded walk of
 * the index newest first instead of scoring every match (docs/search.md). `floor`: the walk
 * stopped there (SQLite), so older matches may remain below it.
 */
export async function findWindow(
  db: Executor,
  f: WindowFilter,
): Promise<{ rows: Array<{ id: number; content: string }>; floor?: number }> {
  if (f.roomIds.length === 0) return { rows: [] };
  const capWalk = f.sparse === true && f.terms.length > 0 && getDialect(db) === 'sqlite';
  let minId = f.minId ?? 1;
  let floor: number | undefined;
  if (capWalk) {
    // Filters that keep few matches (from:, in:) would otherwise walk every match of a common
    // word: the window also stops at the WALK_MAX-th match, and the next window starts below it.
    const { rows: [edge] = [] } = await sql<{ id: number }>`select rowid as id from messages_fts
      where messages_fts match ${fts5Match(f.terms, f.mode)} and rowid <= ${f.maxId} and rowid >= ${minId}
      order by rowid desc limit 1 offset ${WALK_MAX - 1}`.execute(db);
    if (edge) minId = floor = Number(edge.id);
  }
  const conds: RawBuilder<unknown>[] = [sql`m.room_id in (${sql.join(f.roomIds)})`];
  if (f.userId !== undefined) conds.push(sql`m.user_id = ${f.userId}`);
  if (f.notUserId !== undefined) conds.push(sql`(m.user_id is null or m.user_id <> ${f.notUserId})`);
  conds.push(sql`m.id >= ${minId}`);
  if (f.before !== undefined) conds.push(sql`m.created_at < ${f.before}`);
  if (f.after !== undefined) conds.push(sql`m.created_at >= ${f.after}`);
  const where = sql.join(conds, sql` and `);
  type Row = { id: number; content: string };
  let rows: Row[];
  if (f.terms.length === 0) {
    // Filters alone: newest first; emptied (deleted) messages never show.
    ({ rows } = await sql<Row>`select m.id, m.content from messages m
      where m.id <= ${f.maxId} and m.content <> '' and ${where} order by m.id desc limit ${f.size}`.execute(
      db,
    ));
  } else if (getDialect(db) === 'postgres') {
    const tsq = sql`to_tsquery('simple'::regconfig, translate(${tsQueryText(f.terms, f.mode)}, ${PG_ACCENTS_FROM}, ${PG_ACCENTS_TO}))`;
    rows = await pgWindow(db, tsq, where, f, minId);
  } else {
    ({ rows } = await sql<Row>`select m.id, m.content
      from messages_fts join messages m on m.id = messages_fts.rowid
      where messages_fts match ${fts5Match(f.terms, f.mode)} and messages_fts.rowid <= ${f.maxId}
        and messages_fts.rowid >= ${minId} and ${where}
      order by messages_fts.rowid desc limit ${f.size}`.execute(db));
  }
  return { rows: rows.map((r) => ({ id: Number(r.id), content: r.content })), floor };
}

// PostgreSQL: how many of the newest ids are sampled, and the share of matches above which walking
// the primary key newest first beats fetching the matches of an id range through the GIN index.
const PG_SAMPLE = 2000;
const PG_WALK_SHARE = 0.05;

/**
 * The window on PostgreSQL. A GIN index cannot hand ids over newest first, and the planner's
 * guess between walking the primary key backwards (cheap for common words) and fetching every
 * match then sorting (cheap for rare ones) misses the words between, which cost either way
 * thousands of rows. So the share of matches among the newest ids is sampled first: a common
 * word walks the key; otherwise only the id range expected to hold the window is fetched through
 * the index, widened (×4) until it holds a full window or reaches the lowest id.
 */
async function pgWindow(
  db: Executor,
  tsq: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
  f: WindowFilter,
  minId: number,
): Promise<Array<{ id: number; content: string }>> {
  const { rows: [sample] = [] } = await sql<{ n: number | string }>`select count(*) as n from messages m
    where m.search_tsv @@ ${tsq} and m.id <= ${f.maxId} and m.id > ${f.maxId - PG_SAMPLE} and ${where}`.execute(
    db,
  );
  const share = Number(sample?.n ?? 0) / PG_SAMPLE;
  if (share >= PG_WALK_SHARE) {
    const { rows } = await sql<{ id: number; content: string }>`select m.id, m.content from messages m
      where m.search_tsv @@ ${tsq} and m.id <= ${f.maxId} and ${where}
      order by m.id desc limit ${f.size}`.execute(db);
    return rows;
  }
  let span = share > 0 ? Math.ceil((1.5 * f.size) / share) : f.maxId;
  for (;;) {
    const lower = Math.max(minId, f.maxId - span + 1);
    // `id + 0`: ordered by a value the primary key does not offer, the planner takes the GIN index.
    const { rows } = await sql<{ id: number; content: string }>`select m.id, m.content from messages m
      where m.search_tsv @@ ${tsq} and m.id <= ${f.maxId} and m.id >= ${lower} and ${where}
      order by m.id + 0 desc limit ${f.size}`.execute(db);
    if (rows.length >= f.size || lower <= minId) return rows;
    span *= 4;
  }
}

/** The shown fields of the given messages, with author and room. */
export const findResultRows = (db: Executor, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('messages')
        .leftJoin('users', 'users.id', 'messages.user_id')
        .select([
          'messages.id',
          'messages.content',
          'messages.created_at',
          'messages.room_id',
          'messages.user_id',
          'users.username',
        ])
        .where('messages.id', 'in', ids)
        .execute();
