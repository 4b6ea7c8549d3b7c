import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptMatchResponse, MatchDecisionBody, TutoringRole } from '@studium/protocol';
import { acceptMatchResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { matchmakingKeys } from '../../../lib/query-keys';

/** POST /api/intent/{role}/accept {subject_intent_id, candidate_intent_id}: the DM room with them. */
export function acceptMatch(role: TutoringRole, body: MatchDecisionBody): Promise<AcceptMatchResponse> {
  return checked.post(`/api/intent/${role}/accept`, body, acceptMatchResponse);
}

export function useAcceptMatch(role: TutoringRole) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MatchDecisionBody) => acceptMatch(role, body),
    // Back on the page, the lists are fetched afresh.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [...matchmakingKeys.role(role), 'recs'] });
      await queryClient.invalidateQueries({ queryKey: matchmakingKeys.matches(role) });
    },
  });
}
