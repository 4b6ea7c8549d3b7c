import { useQuery } from '@tanstack/react-query';
import type { TutoringMatchesResponse, TutoringRole } from '@studium/protocol';
import { tutoringMatchesResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { matchmakingKeys } from '../../../lib/query-keys';

/** GET /api/intent/{role}/matches: the caller's matches of that role, and their places left as a tutor. */
export function getMatches(role: TutoringRole): Promise<TutoringMatchesResponse> {
  return checked.get(`/api/intent/${role}/matches`, tutoringMatchesResponse);
}

export function useMatches(role: TutoringRole) {
  return useQuery({ queryKey: matchmakingKeys.matches(role), queryFn: () => getMatches(role), retry: false });
}
