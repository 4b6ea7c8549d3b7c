import { useQuery } from '@tanstack/react-query';
import { similarResponse, type SearchResult } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { searchKeys } from './search-messages';

/** GET /api/rooms/{room}/similar/?q= */
export async function getSimilar(room: number, q: string): Promise<SearchResult[]> {
  const data = await checked.get(`/api/rooms/${room}/similar/?q=${encodeURIComponent(q)}`, similarResponse);
  return data.results;
}

/** Earlier questions of the room like `q`; off while `q` is null. */
export function useSimilarQuestions(room: number, q: string | null) {
  return useQuery({
    queryKey: searchKeys.similar(room, q ?? ''),
    queryFn: () => getSimilar(room, q ?? ''),
    enabled: q !== null,
    retry: false,
    staleTime: 60_000,
  });
}
