import type { LoginResponse, SessionResponse } from '@studium/protocol';
import { fromDbBool, fromNullableDbBool } from '../../db/dialect';
import type { User } from '../../db/schema';

/** The spec's "user session" (DESIGN §4). */
export function presentSession(user: User | undefined): SessionResponse {
  if (!user) return { username: null, is_authenticated: false, darkmode_enabled: null, onboarding_completed: false };
  return {
    username: user.username,
    is_authenticated: true,
    darkmode_enabled: fromNullableDbBool(user.darkmode_enabled),
    onboarding_completed: fromDbBool(user.onboarding_completed),
  };
}

export function presentLogin(user: User): LoginResponse {
  return {
    username: user.username,
    darkmode_enabled: fromNullableDbBool(user.darkmode_enabled),
    onboarding_completed: fromDbBool(user.onboarding_completed),
  };
}
