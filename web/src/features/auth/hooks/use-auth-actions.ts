import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LoginResponse } from '@studium/protocol';
import { clearStoredUsername, writeStoredUsername } from '../../../lib/storage';
import { ANONYMOUS_SESSION, sessionKeys } from '../api/get-session';
import { login } from '../api/login';
import { logout } from '../api/logout';

/** Login and logout with their side effects on the session cache and local storage (spec §4). */
export function useAuthActions() {
  const queryClient = useQueryClient();

  const signIn = useCallback(
    async (username: string, password: string): Promise<LoginResponse> => {
      const result = await login({ username, password });
      writeStoredUsername(result.username);
      queryClient.setQueryData(sessionKeys.all, {
        username: result.username,
        is_authenticated: true,
        darkmode_enabled: result.darkmode_enabled,
        onboarding_completed: result.onboarding_completed,
      });
      return result;
    },
    [queryClient],
  );

  const signOut = useCallback(async (): Promise<void> => {
    await logout();
    clearStoredUsername();
    // Drop every cached per-user answer, then mark the session anonymous.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] });
    queryClient.setQueryData(sessionKeys.all, ANONYMOUS_SESSION);
  }, [queryClient]);

  return { signIn, signOut };
}
