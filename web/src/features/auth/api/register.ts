import type { RegisterBody } from '@studium/protocol';
import { api } from '../../../lib/api-client';

/** POST /api/register/: creates the account; it does not log in. */
export function register(body: RegisterBody): Promise<{ username: string }> {
  return api.post<{ username: string }>('/api/register/', body);
}
