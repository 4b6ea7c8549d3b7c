import { registerResponse, type RegisterBody } from '@studium/protocol';
import { checked } from '../../../lib/api-client';

/** POST /api/register/: creates the account; it does not log in. */
export function register(body: RegisterBody): Promise<{ username: string }> {
  return checked.post('/api/register/', body, registerResponse);
}
