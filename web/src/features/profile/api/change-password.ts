import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeBody } from '@studium/protocol';
import { api } from '../../../lib/api-client';

/** POST /api/password/: the server keeps this session (with a new cookie) and ends the others. */
export function changePassword(body: PasswordChangeBody): Promise<{ ok: boolean }> {
  return api.post<{ ok: boolean }>('/api/password/', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
