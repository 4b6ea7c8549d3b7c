import { useQuery } from '@tanstack/react-query';
import { LIMITS, userSearchResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';

export const userSearchKeys = {
  query: (q: string) => ['users', 'search', q.toLowerCase()] as const,
};

/** GET /api/users/search/?q= */
export async function searchUsers(q: string): Promise<string[]> {
  const data = await checked.get(`/api/users/search/?q=${encodeURIComponent(q)}`, userSearchResponse);
  return data.results.map((r) => r.username);
}

/** Mention suggestions, from 2 characters on. */
export function useUserSearch(q: string | null) {
  const query = q ?? '';
  return useQuery({
    queryKey: userSearchKeys.query(query),
    queryFn: () => searchUsers(query),
    enabled: query.length >= LIMITS.mentionSearchMin,
    staleTime: 60_000,
    retry: false,
  });
}
