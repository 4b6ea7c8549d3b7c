import { anonymousSession, type SessionResponse } from '@studium/protocol';
import { NetworkError } from '../../../lib/api-client';
import { useSessionQuery } from '../api/get-session';

export interface SessionState {
  /** True while the first GET /api/session/ is under way (not after it failed once). */
  isLoading: boolean;
  /**
   * True while the server cannot say who is logged in: the browser is offline or the server
   * unreachable, or a call after a failure is still under way. Public pages then show as to a
   * visitor; pages that need login wait (the offline banner says why) instead of sending a
   * logged-in user to the login page.
   */
  isUnknown: boolean;
  isAuthenticated: boolean;
  username: string | null;
  session: SessionResponse;
}

/** The current user as the server sees it. A session call that the server refused counts as logged out. */
export function useSession(): SessionState {
  const query = useSessionQuery();
  const session = query.data ?? anonymousSession();
  // A refetch of a query that never had data reports `pending` again; only the first one is loading.
  const failedBefore = query.errorUpdatedAt > 0;
  const isLoading = query.isPending && !failedBefore && query.fetchStatus === 'fetching';
  const isUnknown =
    query.data === undefined &&
    !isLoading &&
    (query.fetchStatus !== 'idle' || query.error instanceof NetworkError);
  return {
    isLoading,
    isUnknown,
    isAuthenticated: session.is_authenticated && Boolean(session.username),
    username: session.is_authenticated ? session.username : null,
    session,
  };
}
