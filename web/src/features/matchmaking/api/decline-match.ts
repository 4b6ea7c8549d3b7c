import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MatchDecisionBody, OkResponse, RecommendationsResponse, TutoringRole } from '@studium/protocol';
import { okResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { matchmakingKeys } from '../../../lib/query-keys';

/** POST /api/intent/{role}/decline {subject_intent_id, candidate_intent_id}. */
export function declineMatch(role: TutoringRole, body: MatchDecisionBody): Promise<OkResponse> {
  return checked.post(`/api/intent/${role}/decline`, body, okResponse);
}

export function useDeclineMatch(role: TutoringRole) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MatchDecisionBody) => declineMatch(role, body),
    // The declined candidate leaves the list at once.
    onSuccess: (_data, body) =>
      queryClient.setQueriesData<RecommendationsResponse>(
        { queryKey: [...matchmakingKeys.role(role), 'recs'] },
        (prev) =>
          prev
            ? {
                ...prev,
                results: prev.results.filter((r) => r.candidate_intent_id !== body.candidate_intent_id),
              }
            : prev,
      ),
  });
}
