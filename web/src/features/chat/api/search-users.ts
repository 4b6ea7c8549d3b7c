import { useQuery } from '@tanstack/react-query';
import type { UserSearchResponse } from '@studium/protocol';
import { LIMITS } from '@studium/protocol';
import { api } from '../../../lib/api-client';

export const userSearchKeys = {
  query: (q: string) => ['users', 'search', q.toLowerCase()] as const,
};

/** GET /api/users/search/?q= */
export async function searchUsers(q: string): Promise<string[]> {
  const data = await api.get<UserSearchResponse>(`/api/users/search/?q=${encodeURIComponent(q)}`);
  return (data?.results ?? []).map((r) => r.username).filter(Boolean);
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
