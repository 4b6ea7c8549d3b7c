import { z } from 'zod';

/** A ranking entry: reactions received from others, all time and today (UTC). */
export const rankingEntry = z.object({
  username: z.string(),
  total_reactions: z.number().int().min(0),
  total_reactions_day: z.number().int().min(0),
});
export type RankingEntry = z.infer<typeof rankingEntry>;

/**
 * How many reactions from one user to another's messages count in a UTC day, unless the operator
 * sets another number (docs/rankings.md).
 */
export const RANKING_PAIR_DAILY_LIMIT = 5;

/**
 * `GET /api/rankings/`: best first; the first entry is the top user. `rules` is what the page
 * states about counting: the server's daily number per reactor and author.
 */
export const rankingsResponse = z.object({
  rankings: z.array(rankingEntry),
  rules: z.object({ pair_daily_limit: z.number().int().min(1) }),
});
export type RankingsResponse = z.infer<typeof rankingsResponse>;

/** `GET /api/rankings/?period=today` ranks by today's reactions (UTC day); the default is all time. */
export const RANKING_PERIODS = ['all', 'today'] as const;
export type RankingPeriod = (typeof RANKING_PERIODS)[number];
