import { CHAT_LIMITS, type RankingPeriod, type RankingsResponse } from '@studium/protocol';
import type { AppContext } from '../../context';
import { nowIso, utcDay } from '../../db/dialect';
import { listTopRankings, listTopRankingsToday } from './rankings.repository';

/** Top users by reactions received, ranked all time or by today (UTC); both counts on each entry. */
export async function getRankings(ctx: AppContext, period: RankingPeriod = 'all'): Promise<RankingsResponse> {
  const list = period === 'today' ? listTopRankingsToday : listTopRankings;
  const rows = await list(ctx.db, utcDay(nowIso()), CHAT_LIMITS.rankingsTop);
  return {
    rules: { pair_daily_limit: ctx.config.rankings.pairDailyLimit },
    rankings: rows.map((r) => ({
      username: r.username,
      total_reactions: Number(r.total_reactions),
      total_reactions_day: Number(r.total_reactions_day ?? 0),
    })),
  };
}
