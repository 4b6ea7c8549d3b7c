import { useQuery } from '@tanstack/react-query';
import { sessionResponse, type SessionResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/query-keys';

/** GET /api/session/: who is logged in, and the product's name as this server sets it. */
export function getSession(): Promise<SessionResponse> {
  return checked.get('/api/session/', sessionResponse);
}

export function useSessionQuery() {
  return useQuery({
    queryKey: sessionKeys.all,
    queryFn: getSession,
    staleTime: 5 * 60_000,
    retry: 1,
  });
}
