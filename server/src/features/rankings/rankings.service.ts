import { CHAT_LIMITS, type RankingsResponse } from '@studium/protocol';
import type { AppContext } from '../../context';
import { nowIso, utcDay } from '../../db/dialect';
import { listTopRankings } from './rankings.repository';

/** Top users by reactions received, all time and today (UTC). */
export async function getRankings(ctx: AppContext): Promise<RankingsResponse> {
  const rows = await listTopRankings(ctx.db, utcDay(nowIso()), CHAT_LIMITS.rankingsTop);
  return {
    rankings: rows.map((r) => ({
      username: r.username,
      total_reactions: Number(r.total_reactions),
      total_reactions_day: Number(r.total_reactions_day ?? 0),
    })),
  };
}
