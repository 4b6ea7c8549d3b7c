import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { toast } from 'sonner';
import { TEXTS } from '@studium/protocol';
import { PageSpinner } from '../components/ui/spinner';
import { loginReturnState, paths } from '../config/paths';
import { useSession } from '../features/auth/hooks/use-session';

/**
 * Login needed: a logged-out user goes to /login, which brings them back here (docs/auth.md);
 * while the server cannot say who is logged in, the page waits.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoading, isUnknown, isAuthenticated } = useSession();
  const location = useLocation();
  if (isLoading || isUnknown) return <PageSpinner label="Checking your session" />;
  if (!isAuthenticated)
    return <Navigate to={paths.login.href()} state={loginReturnState(location)} replace />;
  return children;
}

/** Logged-out users only: a logged-in user goes to /. */
export function RequireGuest({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useSession();
  if (isLoading) return <PageSpinner label="Checking your session" />;
  if (isAuthenticated) return <Navigate to={paths.landing.href()} replace />;
  return children;
}

function RankingsLoginRedirect() {
  const location = useLocation();
  useEffect(() => {
    // A fixed id keeps StrictMode's double effect from showing two toasts.
    toast.error(TEXTS.auth.rankingsLoginRequired, { id: 'rankings-login-required' });
  }, []);
  return <Navigate to={paths.login.href()} state={loginReturnState(location)} replace />;
}

/** /rankings: an open route that still sends visitors to login with its toast. */
export function RequireAuthForRankings({ children }: { children: ReactNode }) {
  const { isLoading, isUnknown, isAuthenticated } = useSession();
  if (isLoading || isUnknown) return <PageSpinner label="Checking your session" />;
  if (!isAuthenticated) return <RankingsLoginRedirect />;
  return children;
}
