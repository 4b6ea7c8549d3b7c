import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  conversationRoomResponse,
  type ConversationRoomResponse,
  type CreateGroupBody,
} from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { dmKeys } from '../../../lib/query-keys';

/** POST /api/dms/groups/ {name, usernames}: a group conversation with the caller as owner. */
export function createGroup(input: CreateGroupBody): Promise<ConversationRoomResponse> {
  return checked.post('/api/dms/groups/', input, conversationRoomResponse);
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dmKeys.all }),
  });
}
