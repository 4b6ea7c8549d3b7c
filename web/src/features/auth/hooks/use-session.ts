import { anonymousSession, type SessionResponse } from '@studium/protocol';
import { useSessionQuery } from '../api/get-session';

export interface SessionState {
  /** True until the first GET /api/session/ answered (or failed). */
  isLoading: boolean;
  isAuthenticated: boolean;
  username: string | null;
  session: SessionResponse;
}

/** The current user as the server sees it. A failed session call counts as logged out. */
export function useSession(): SessionState {
  const query = useSessionQuery();
  const session = query.data ?? anonymousSession();
  return {
    isLoading: query.isPending,
    isAuthenticated: session.is_authenticated && Boolean(session.username),
    username: session.is_authenticated ? session.username : null,
    session,
  };
}
