import { useQuery } from '@tanstack/react-query';
import type { RankingsResponse } from '@studium/protocol';
import { api } from '../../../lib/api-client';

export const rankingKeys = {
  all: ['rankings'] as const,
};

/** GET /api/rankings/: best first. */
export function getRankings(): Promise<RankingsResponse> {
  return api.get<RankingsResponse>('/api/rankings/');
}

export function useRankings() {
  return useQuery({ queryKey: rankingKeys.all, queryFn: getRankings, retry: false });
}
