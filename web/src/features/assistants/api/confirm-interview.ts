import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  interviewConfirmResponse,
  type InterviewConfirmBody,
  type InterviewConfirmResponse,
} from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { matchmakingKeys, profileKeys } from '../../../lib/query-keys';

/** POST /api/assistants/interview/confirm/: saves the card to the profile and the matchmaking intent. */
export function confirmInterview(body: InterviewConfirmBody): Promise<InterviewConfirmResponse> {
  return checked.post('/api/assistants/interview/confirm/', body, interviewConfirmResponse);
}

export function useConfirmInterview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmInterview,
    onSuccess: () => {
      // The profile and the matchmaking tabs now hold what was saved.
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      void queryClient.invalidateQueries({ queryKey: matchmakingKeys.all });
    },
  });
}
