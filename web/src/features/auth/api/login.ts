import { loginResponse, type LoginBody, type LoginResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';

/** POST /api/login/ with the username already trimmed. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return checked.post(
    '/api/login/',
    { username: body.username.trim(), password: body.password },
    loginResponse,
  );
}
