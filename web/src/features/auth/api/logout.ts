import { api } from '../../../lib/api-client';

/** POST /api/logout/ */
export function logout(): Promise<{ ok: boolean }> {
  return api.post<{ ok: boolean }>('/api/logout/');
}
