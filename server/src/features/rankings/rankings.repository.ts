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
      eb.selectFrom('user_reaction_days as d').select('d.total').whereRef('d.user_id', '=', 't.user_id').where('d.day', '=', day).as('total_reactions_day'),
    ])
    .where('t.total', '>', 0)
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
    .orderBy('d.total', 'desc')
    .orderBy('u.username_lower')
    .limit(limit)
    .execute();
