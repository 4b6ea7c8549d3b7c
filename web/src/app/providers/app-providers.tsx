import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { HashRouter } from 'react-router';
import { sessionResponse } from '@studium/protocol';
import type { PeekedSession } from '../boot';
import { useSession } from '../../features/auth/hooks/use-session';
import { rememberedSession, rememberSession } from '../../lib/offline-data';
import { useSignedIn } from '../signed-in-loader';
import { createQueryClient, recoverUnreachableQueries } from './query-client';
import { ThemeProvider } from './theme-provider';
import { Toaster } from './toaster';
import { sessionKeys } from '../../lib/query-keys';

const sessionHash = JSON.stringify(sessionKeys.all);

/**
 * The query client, holding the session answer fetched before the app loaded when it is a valid
 * one. Without an answer (offline, the server unreachable) it starts from the last signed-in
 * answer this browser kept, marked old so that it is asked again at once: a signed-in user who
 * reopens the app offline sees their screens and the offline state, not a visitor's.
 */
function startingQueryClient(session: PeekedSession | null) {
  const queryClient = createQueryClient();
  // Every session answer (fetched, or set by a login) is kept for the next start offline.
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryHash !== sessionHash) return;
    const answer = sessionResponse.safeParse(event.query.state.data);
    if (answer.success) rememberSession(answer.data);
  });
  // What failed while the server could not be reached loads again once it can.
  recoverUnreachableQueries(queryClient);
  const parsed = session ? sessionResponse.safeParse(session.body) : undefined;
  const remembered = session ? null : rememberedSession();
  if (session && parsed?.success)
    queryClient.setQueryData(sessionKeys.all, parsed.data, { updatedAt: session.at });
  else if (remembered) queryClient.setQueryData(sessionKeys.all, remembered, { updatedAt: 0 });
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
