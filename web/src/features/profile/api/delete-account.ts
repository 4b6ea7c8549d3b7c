import { useMutation } from '@tanstack/react-query';
import { okResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';

/** POST /api/profile/delete/{username}/: no body; the server ends the session. */
export function deleteAccount(username: string): Promise<{ ok: boolean }> {
  return checked.post(`/api/profile/delete/${encodeURIComponent(username)}/`, undefined, okResponse);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
