import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IntentFieldsInput, IntentResponse, TutoringRole } from '@studium/protocol';
import { intentResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { matchmakingKeys } from '../../../lib/query-keys';

/** The body of `POST /api/intent/{role}` as the client sends it (the server parses `saveIntentBody`). */
export type SaveIntentRequest =
  ({ mode: 'create' | 'replace' } & IntentFieldsInput) | { mode: 'pause' } | { mode: 'resume' };

/** POST /api/intent/{role} {mode, …fields}: create, replace, pause or resume; answers the intent. */
export function saveIntent(role: TutoringRole, body: SaveIntentRequest): Promise<IntentResponse> {
  return checked.post(`/api/intent/${role}`, body, intentResponse);
}

export function useSaveIntent(role: TutoringRole) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveIntentRequest) => saveIntent(role, body),
    onSuccess: (data) => {
      queryClient.setQueryData(matchmakingKeys.intent(role), data);
      // New fields or a new status: the recommendations are stale.
      void queryClient.invalidateQueries({ queryKey: [...matchmakingKeys.role(role), 'recs'] });
    },
  });
}
