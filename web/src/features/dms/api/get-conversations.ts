import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ConversationsResponse } from '../types';

export const dmKeys = {
  all: ['dms'] as const,
  list: () => ['dms', 'list'] as const,
};

/** GET /api/dms/: the caller's direct and group conversations. */
export function getConversations(): Promise<ConversationsResponse> {
  return api.get<ConversationsResponse>('/api/dms/');
}

export function useConversations() {
  return useQuery({ queryKey: dmKeys.list(), queryFn: getConversations, retry: false, staleTime: 10_000 });
}
