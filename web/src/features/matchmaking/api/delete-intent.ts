import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IntentResponse, OkResponse, TutoringRole } from '@studium/protocol';
import { okResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { matchmakingKeys } from '../../../lib/query-keys';

/** DELETE /api/intent/{role}/delete {intent_id}: archives the caller's intent. */
export function deleteIntent(role: TutoringRole, intentId: number): Promise<OkResponse> {
  return checked.delete(`/api/intent/${role}/delete`, { intent_id: intentId }, okResponse);
}

export function useDeleteIntent(role: TutoringRole) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (intentId: number) => deleteIntent(role, intentId),
    onSuccess: () => {
      queryClient.setQueryData<IntentResponse>(matchmakingKeys.intent(role), { intent: null });
      queryClient.removeQueries({ queryKey: [...matchmakingKeys.role(role), 'recs'] });
    },
  });
}
