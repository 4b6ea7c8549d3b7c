import { sql } from 'kysely';
import type { Executor } from '../../db/schema';

/** The best users by reactions received, read from the counters (no scan of reactions). */
export const listTopRankings = (db: Executor, day: string, limit: number) =>
  db
    .selectFrom('user_reaction_totals as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select((eb) => [
      'u.username',
      't.total as total_reactions',
      // A subquery rather than a LEFT JOIN bound in its ON clause, which SQLite re-prepares on every run.
      eb
        .selectFrom('user_reaction_days as d')
        .select('d.total')
        .whereRef('d.user_id', '=', 't.user_id')
        .where('d.day', '=', day)
        .as('total_reactions_day'),
    ])
    .where('t.total', '>', 0)
    // Bots are labelled, not ranked.
    .where('u.is_bot', '=', 0)
    .orderBy('t.total', 'desc')
    .orderBy('u.username_lower')
    .limit(limit)
    .execute();

/** The best users by reactions received today, from the per-day counters (index on day, total). */
export const listTopRankingsToday = (db: Executor, day: string, limit: number) =>
  db
    .selectFrom('user_reaction_days as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .innerJoin('user_reaction_totals as t', 't.user_id', 'd.user_id')
    .select(['u.username', 't.total as total_reactions', 'd.total as total_reactions_day'])
    .where('d.day', '=', day)
    .where('d.total', '>', 0)
    .where('u.is_bot', '=', 0)
    .orderBy('d.total', 'desc')
    .orderBy('u.username_lower')
    .limit(limit)
    .execute();

/** Moves the ranking counters of the author by `delta`, all time and on `day`. */
export async function addReactionTotals(db: Executor, userId: number, day: string, delta: number) {
  await db
    .insertInto('user_reaction_totals')
    .values({ user_id: userId, total: delta })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ total: sql<number>`user_reaction_totals.total + excluded.total` }),
    )
    .execute();
  await db
    .insertInto('user_reaction_days')
    .values({ user_id: userId, day, total: delta })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'day'])
        .doUpdateSet({ total: sql<number>`user_reaction_days.total + excluded.total` }),
    )
    .execute();
}

type Pair = { reactorId: number; authorId: number; day: string };

/** What one reactor gave one author on a day, and how much of it counted. */
export const getPairDay = (db: Executor, pair: Pair) =>
  db
    .selectFrom('reaction_pair_days')
    .select(['given', 'counted'])
    .where('reactor_id', '=', pair.reactorId)
    .where('author_id', '=', pair.authorId)
    .where('day', '=', pair.day)
    .executeTakeFirst();

export async function savePairDay(db: Executor, pair: Pair, given: number, counted: number) {
  if (given === 0) {
    await db
      .deleteFrom('reaction_pair_days')
      .where('reactor_id', '=', pair.reactorId)
      .where('author_id', '=', pair.authorId)
      .where('day', '=', pair.day)
      .execute();
    return;
  }
  await db
    .insertInto('reaction_pair_days')
    .values({ reactor_id: pair.reactorId, author_id: pair.authorId, day: pair.day, given, counted })
    .onConflict((oc) => oc.columns(['reactor_id', 'author_id', 'day']).doUpdateSet({ given, counted }))
    .execute();
}
