/** The spec's ranking entry (§3): reactions received, all time and today (UTC). */
export interface RankingEntry {
  username: string;
  total_reactions: number;
  total_reactions_day: number;
}

/** `GET /api/rankings/`: best first; the first entry is the top user. */
export interface RankingsResponse {
  rankings: RankingEntry[];
}

/** `GET /api/rankings/?period=today` ranks by today's reactions (UTC day); the default is all time. */
export const RANKING_PERIODS = ['all', 'today'] as const;
export type RankingPeriod = (typeof RANKING_PERIODS)[number];
