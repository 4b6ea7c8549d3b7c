import { anonymousSession, type LoginResponse, type SessionResponse } from '@studium/protocol';
import { fromDbBool, fromNullableDbBool } from '../../db/dialect';
import type { User } from '../../db/schema';

/** Who is logged in (docs/auth.md), and the product's name as this deployment sets it. */
export function presentSession(user: User | undefined, productName: string): SessionResponse {
  if (!user) return anonymousSession(productName);
  return {
    username: user.username,
    is_authenticated: true,
    darkmode_enabled: fromNullableDbBool(user.darkmode_enabled),
    onboarding_completed: fromDbBool(user.onboarding_completed),
    product_name: productName,
  };
}

export function presentLogin(user: User): LoginResponse {
  return {
    username: user.username,
    darkmode_enabled: fromNullableDbBool(user.darkmode_enabled),
    onboarding_completed: fromDbBool(user.onboarding_completed),
  };
}
