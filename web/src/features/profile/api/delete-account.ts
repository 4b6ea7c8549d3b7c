import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/profile/delete/{username}/: no body; the server ends the session. */
export function deleteAccount(username: string): Promise<{ ok: boolean }> {
  return api.post<{ ok: boolean }>(`/api/profile/delete/${encodeURIComponent(username)}/`);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
