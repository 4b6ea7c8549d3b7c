import { useMutation } from '@tanstack/react-query';
import { okResponse, type PasswordChangeBody } from '@studium/protocol';
import { checked } from '../../../lib/api-client';

/** POST /api/password/: the server keeps this session (with a new cookie) and ends the others. */
export function changePassword(body: PasswordChangeBody): Promise<{ ok: boolean }> {
  return checked.post('/api/password/', body, okResponse);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
