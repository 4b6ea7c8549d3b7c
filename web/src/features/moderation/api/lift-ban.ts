import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moderationActionResponse, type ModerationActionResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { moderationKeys } from './keys';

/** DELETE /api/moderation/bans/{id}/: lifts a ban early. */
export function liftBan(id: number): Promise<ModerationActionResponse> {
  return checked.delete(`/api/moderation/bans/${id}/`, undefined, moderationActionResponse);
}

/** Lifting a ban; the bans and the log are read again afterwards. */
export function useLiftBan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: liftBan,
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
