import { useQuery } from '@tanstack/react-query';
import { rankingsResponse, type RankingPeriod, type RankingsResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';

export const rankingKeys = {
  all: ['rankings'] as const,
  period: (period: RankingPeriod) => ['rankings', period] as const,
};

/** GET /api/rankings/ (?period=today): best first. */
export function getRankings(period: RankingPeriod = 'all'): Promise<RankingsResponse> {
  return checked.get(period === 'today' ? '/api/rankings/?period=today' : '/api/rankings/', rankingsResponse);
}

export function useRankings(period: RankingPeriod = 'all') {
  return useQuery({ queryKey: rankingKeys.period(period), queryFn: () => getRankings(period), retry: false });
}
