import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { HashRouter, useLocation, useNavigate } from 'react-router';
import { sessionResponse } from '@studium/protocol';
import { sessionKeys } from '../../features/auth/api/get-session';
import type { PeekedSession } from '../boot';
import { useSession } from '../../features/auth/hooks/use-session';
import { useSignedIn } from '../signed-in-loader';
import { createQueryClient } from './query-client';
import { ThemeProvider } from './theme-provider';
import { Toaster } from './toaster';

/** The query client, holding the session answer fetched before the app loaded when it is a valid one. */
function startingQueryClient(session: PeekedSession | null) {
  const queryClient = createQueryClient();
  const parsed = session ? sessionResponse.safeParse(session.body) : undefined;
  if (session && parsed?.success)
    queryClient.setQueryData(sessionKeys.all, parsed.data, { updatedAt: session.at });
  return queryClient;
}

export function AppProviders({
  children,
  session = null,
}: {
  children: ReactNode;
  session?: PeekedSession | null;
}) {
  const [queryClient] = useState(() => startingQueryClient(session));
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {/* Navigations render at once, not as transitions: an action that changes the session and
            navigates then renders both together, so a route guard never judges the old screen
            with the new session. */}
        <HashRouter useTransitions={false}>
          {children}
          <SignedInServices />
          <CatchUpWithAddress />
        </HashRouter>
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}

/** The notification socket and the tab's unread count, for a logged-in user only (signed-in.tsx). */
function SignedInServices() {
  const { isAuthenticated } = useSession();
  const signedIn = useSignedIn(isAuthenticated);
  return signedIn && <signedIn.SignedInServices />;
}

/**
 * The router hears Back and Forward once its first page is on screen; one pressed while that page
 * was rendering (the app renders in a transition) has already changed the address. The router
 * then catches up with it, instead of showing a page the address no longer names.
 */
function CatchUpWithAddress() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    const address = window.location.hash.slice(1) || '/';
    // Only routes: an in-page anchor (the skip link's #main) is not one.
    if (address.startsWith('/') && address !== pathname + search) void navigate(address, { replace: true });
    // Once, right after the router's first page: later changes are the router's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
