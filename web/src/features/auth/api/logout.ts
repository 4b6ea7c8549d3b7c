import { okResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';

/** POST /api/logout/ */
export function logout(): Promise<{ ok: boolean }> {
  return checked.post('/api/logout/', undefined, okResponse);
}
