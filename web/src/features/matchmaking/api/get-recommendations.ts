import { useQuery } from '@tanstack/react-query';
import type { RecommendationsResponse, TutoringRole } from '@studium/protocol';
import { recommendationsResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { matchmakingKeys } from '../../../lib/query-keys';

/** GET /api/intent/{role}/recs: people of the other role for the caller's open intent, best first. */
export function getRecommendations(role: TutoringRole): Promise<RecommendationsResponse> {
  return checked.get(`/api/intent/${role}/recs`, recommendationsResponse);
}

/** Only asked for while the intent is open (`intentId` null otherwise). */
export function useRecommendations(role: TutoringRole, intentId: number | null) {
  return useQuery({
    queryKey: matchmakingKeys.recs(role, intentId ?? 0),
    queryFn: () => getRecommendations(role),
    enabled: intentId !== null,
    retry: false,
    staleTime: 10_000,
  });
}
