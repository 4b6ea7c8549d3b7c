import { useCallback } from 'react';
import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { anonymousSession, type LoginResponse, type SessionResponse } from '@studium/protocol';
import { forgetOfflineData } from '../../../lib/offline-data';
import { clearStoredUsername, writeStoredUsername } from '../../../lib/storage';
import { clearAllDrafts } from '../../unread';
import { login } from '../api/login';
import { logout } from '../api/logout';
import { endingSession, sessionEnded, sessionStarted } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/query-keys';

/**
 * Login and logout with their side effects on the session cache and local storage
 * (docs/auth.md). Each action changes the session and navigates to its target in the same
 * synchronous step, so the route guards never see the new session on the old screen (a guest
 * screen would otherwise send a fresh login to '/', a guarded one a fresh logout to /login).
 */
export function useAuthActions() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const signIn = useCallback(
    async (username: string, password: string, target: string): Promise<LoginResponse> => {
      const result = await login({ username, password });
      sessionStarted();
      writeStoredUsername(result.username);
      // Nothing asked for before (a visitor's answers, or one the last user's screen still held) stays.
      queryClient.removeQueries({ predicate: isPerUser });
      queryClient.setQueryData<SessionResponse>(sessionKeys.all, (old) => ({
        ...anonymousSession(old?.product_name),
        username: result.username,
        is_authenticated: true,
        darkmode_enabled: result.darkmode_enabled,
        onboarding_completed: result.onboarding_completed,
      }));
      navigate(target);
      return result;
    },
    [queryClient, navigate],
  );

  /** Forgets the session here (after the server ended it) and goes to `target`. */
  const forgetSession = useCallback(
    (target: string): void => {
      // Reads a screen on its way out still asks for are dropped unsent from here on.
      sessionEnded();
      clearStoredUsername();
      clearAllDrafts();
      // The chat outbox, the kept session and the copies of API answers are the user's data too.
      void forgetOfflineData();
      // Drop every cached per-user answer, then mark the session anonymous.
      forgetUserQueries(queryClient);
      queryClient.setQueryData<SessionResponse>(sessionKeys.all, (old) =>
        anonymousSession(old?.product_name),
      );
      navigate(target);
    },
    [queryClient, navigate],
  );

  const signOut = useCallback(
    async (target: string): Promise<void> => {
      await readsSettled(queryClient);
      // Reads asked for from here on (a live event's refresh) wait, and are dropped once it ended.
      await endingSession(async () => {
        await logout();
        forgetSession(target);
      });
    },
    [queryClient, forgetSession],
  );

  return { signIn, signOut, forgetSession };
}

/** Every cached answer but the session's belongs to the user signed in when it was asked for. */
const isPerUser = (q: Query) => q.queryKey[0] !== sessionKeys.all[0];

/**
 * Drops every cached answer but the session's. One still shown by the screen being left is
 * dropped once that screen lets go of it: dropped while shown, the screen's next render (the
 * session's change reaches it before the navigation away does) would ask the server again, with
 * a session that has just ended, and log a 401.
 */
export function forgetUserQueries(queryClient: QueryClient): void {
  void queryClient.cancelQueries({ predicate: isPerUser });
  const cache = queryClient.getQueryCache();
  const shown = new Set<Query>();
  for (const query of cache.findAll({ predicate: isPerUser })) {
    if (query.getObserversCount() > 0) shown.add(query);
    else cache.remove(query);
  }
  if (shown.size === 0) return;
  const stop = cache.subscribe((event) => {
    if (event.type !== 'observerRemoved' || !shown.has(event.query)) return;
    if (event.query.getObserversCount() > 0) return;
    shown.delete(event.query);
    cache.remove(event.query);
    if (shown.size === 0) stop();
  });
}

/**
 * Resolves once the app has no read in flight, or after `ms`. A logout sent while the screen is
 * still loading would end the session under those reads: each would come back a 401, an error
 * in the browser's console for a logout the user asked for.
 */
export function readsSettled(queryClient: QueryClient, ms = 3000): Promise<void> {
  if (queryClient.isFetching() === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) done();
    });
  });
}
