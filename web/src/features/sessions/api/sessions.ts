import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  sessionsResponse,
  sessionsRevokedResponse,
  type SessionsResponse,
  type SessionsRevokedResponse,
} from '@studium/protocol';
import { checked } from '../../../lib/api-client';

export const sessionKeys = { all: ['sessions'] as const };

/** GET /api/sessions/: the user's live sessions, the current one first. */
export function getSessions(): Promise<SessionsResponse> {
  return checked.get('/api/sessions/', sessionsResponse);
}

/** DELETE /api/sessions/{id}/: logs out another session. */
export function revokeSession(id: number): Promise<SessionsRevokedResponse> {
  return checked.delete(`/api/sessions/${id}/`, undefined, sessionsRevokedResponse);
}

/** POST /api/sessions/log-out-others/ */
export function revokeOtherSessions(): Promise<SessionsRevokedResponse> {
  return checked.post('/api/sessions/log-out-others/', {}, sessionsRevokedResponse);
}

export function useSessions() {
  return useQuery({ queryKey: sessionKeys.all, queryFn: getSessions, retry: false });
}

/** Either way of ending sessions; the list is read again afterwards. */
export function useRevokeSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: number | 'others') =>
      target === 'others' ? revokeOtherSessions() : revokeSession(target),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
