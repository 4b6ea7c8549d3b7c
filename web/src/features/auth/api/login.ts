import type { LoginBody, LoginResponse } from '@studium/protocol';
import { api } from '../../../lib/api-client';

/** POST /api/login/ with the username already trimmed. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return api.post<LoginResponse>('/api/login/', { username: body.username.trim(), password: body.password });
}
