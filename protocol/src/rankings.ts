import { z } from 'zod';

/** A ranking entry: reactions received from others, all time and today (UTC). */
export const rankingEntry = z.object({
  username: z.string(),
  total_reactions: z.number().int().min(0),
  total_reactions_day: z.number().int().min(0),
});
export type RankingEntry = z.infer<typeof rankingEntry>;

/** `GET /api/rankings/`: best first; the first entry is the top user. */
export const rankingsResponse = z.object({ rankings: z.array(rankingEntry) });
export type RankingsResponse = z.infer<typeof rankingsResponse>;

/** `GET /api/rankings/?period=today` ranks by today's reactions (UTC day); the default is all time. */
export const RANKING_PERIODS = ['all', 'today'] as const;
export type RankingPeriod = (typeof RANKING_PERIODS)[number];
