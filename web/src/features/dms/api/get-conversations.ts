import { useQuery } from '@tanstack/react-query';
import { conversationsResponse, type ConversationsResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { dmKeys } from '../../../lib/query-keys';

/** GET /api/dms/: the caller's direct and group conversations. */
export function getConversations(): Promise<ConversationsResponse> {
  return checked.get('/api/dms/', conversationsResponse);
}

export function useConversations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: dmKeys.list(),
    queryFn: getConversations,
    retry: false,
    staleTime: 10_000,
    enabled,
  });
}
