import { useQuery } from '@tanstack/react-query';
import type { SessionResponse } from '@studium/protocol';
import { api } from '../../../lib/api-client';

export const sessionKeys = {
  all: ['auth', 'session'] as const,
};

export const ANONYMOUS_SESSION: SessionResponse = {
  username: null,
  is_authenticated: false,
  darkmode_enabled: null,
  onboarding_completed: false,
};

/** GET /api/session/ */
export function getSession(): Promise<SessionResponse> {
  return api.get<SessionResponse>('/api/session/');
}

export function useSessionQuery() {
  return useQuery({
    queryKey: sessionKeys.all,
    queryFn: getSession,
    staleTime: 5 * 60_000,
    retry: 1,
  });
}
