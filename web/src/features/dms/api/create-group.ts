import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { OpenRoomResponse } from '../types';
import { dmKeys } from './get-conversations';

export interface CreateGroupInput {
  name: string;
  usernames: string[];
}

/** POST /api/dms/groups/ {name, usernames}: a group conversation with the caller as owner. */
export function createGroup(input: CreateGroupInput): Promise<OpenRoomResponse> {
  return api.post<OpenRoomResponse>('/api/dms/groups/', input);
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dmKeys.all }),
  });
}
