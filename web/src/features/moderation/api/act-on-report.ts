import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  moderationActionResponse,
  type ModerationActionBody,
  type ModerationActionResponse,
} from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { moderationKeys } from './keys';

/** POST /api/moderation/reports/{id}/action/ */
export function actOnReport(id: number, body: ModerationActionBody): Promise<ModerationActionResponse> {
  return checked.post(`/api/moderation/reports/${id}/action/`, body, moderationActionResponse);
}

/** One action on a report; the queue and the log are read again afterwards. */
export function useReportAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ModerationActionBody }) => actOnReport(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
