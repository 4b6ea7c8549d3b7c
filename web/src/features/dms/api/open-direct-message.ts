import { useMutation, useQueryClient } from '@tanstack/react-query';
import { openDirectMessage } from '../../profile';
import { dmKeys } from '../../../lib/query-keys';

/** POST /api/dms/ {username} (shared with the profile's 'Message' button), then a fresh list. */
export function useStartDirectMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openDirectMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dmKeys.all }),
  });
}
