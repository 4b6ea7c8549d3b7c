import { useQuery } from '@tanstack/react-query';
import { PRODUCT_NAME_DEFAULT, sessionResponse, type SessionResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';

export const sessionKeys = {
  all: ['auth', 'session'] as const,
};

/** Nobody logged in; the product name stays what the server last said. */
export function anonymousSession(productName: string = PRODUCT_NAME_DEFAULT): SessionResponse {
  return {
    username: null,
    is_authenticated: false,
    darkmode_enabled: null,
    onboarding_completed: false,
    product_name: productName,
  };
}

/** GET /api/session/: who is logged in, and the product's name as this server sets it. */
export function getSession(): Promise<SessionResponse> {
  return checked.get('/api/session/', sessionResponse);
}

export function useSessionQuery() {
  return useQuery({
    queryKey: sessionKeys.all,
    queryFn: getSession,
    staleTime: 5 * 60_000,
    retry: 1,
  });
}
