import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { anonymousSession, type LoginResponse, type SessionResponse } from '@studium/protocol';
import { forgetOfflineData } from '../../../lib/offline-data';
import { clearStoredUsername, writeStoredUsername } from '../../../lib/storage';
import { clearAllDrafts } from '../../unread';
import { login } from '../api/login';
import { logout } from '../api/logout';
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
      writeStoredUsername(result.username);
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
      clearStoredUsername();
      clearAllDrafts();
      // The chat outbox, the kept session and the copies of API answers are the user's data too.
      void forgetOfflineData();
      // Drop every cached per-user answer, then mark the session anonymous.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] });
      queryClient.setQueryData<SessionResponse>(sessionKeys.all, (old) =>
        anonymousSession(old?.product_name),
      );
      navigate(target);
    },
    [queryClient, navigate],
  );

  const signOut = useCallback(
    async (target: string): Promise<void> => {
      await logout();
      forgetSession(target);
    },
    [forgetSession],
  );

  return { signIn, signOut, forgetSession };
}
