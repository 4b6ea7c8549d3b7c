import { useQuery } from '@tanstack/react-query';
import { sessionResponse, type SessionResponse } from '@studium/protocol';
import { checked, SESSION_PATH, sessionStarted } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/query-keys';

/** GET /api/session/: who is logged in, and the product's name as this server sets it. */
export async function getSession(): Promise<SessionResponse> {
  const session = await checked.get(SESSION_PATH, sessionResponse);
  // Someone is signed in (here, or in another tab since this one signed out): reads go out again.
  if (session.is_authenticated) sessionStarted();
  return session;
}

export function useSessionQuery() {
  return useQuery({
    queryKey: sessionKeys.all,
    queryFn: getSession,
    staleTime: 5 * 60_000,
    retry: 1,
  });
}
