import { useInfiniteQuery } from '@tanstack/react-query';
import { SEARCH_LIMITS, searchResponse, type SearchResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';

export const searchKeys = {
  all: ['search'] as const,
  query: (q: string) => ['search', 'messages', q] as const,
  similar: (room: number, q: string) => ['search', 'similar', room, q] as const,
};

/** GET /api/search/?q=&limit=&before=<next_before> */
export function searchMessages(q: string, before?: string): Promise<SearchResponse> {
  const params = new URLSearchParams({ q, limit: String(SEARCH_LIMITS.pageDefault) });
  if (before) params.set('before', before);
  return checked.get(`/api/search/?${params.toString()}`, searchResponse);
}

/** Pages of one query, best first; 'Load more' asks for the next one. Off while `q` is blank. */
export function useMessageSearch(q: string) {
  return useInfiniteQuery({
    queryKey: searchKeys.query(q),
    queryFn: ({ pageParam }) => searchMessages(q, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
    enabled: q.trim() !== '',
    retry: false,
    staleTime: 30_000,
  });
}
