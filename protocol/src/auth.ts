import { z } from 'zod';
import { LIMITS } from './limits';
import { TEXTS } from './texts';

const t = TEXTS.server;

export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;

/** Username rule of DESIGN §4: 3–30 letters, digits or underscore (unique case-insensitively). */
export const usernameSchema = z
  .string({ error: t.usernameShape })
  .trim()
  .min(LIMITS.usernameMin, t.usernameShape)
  .max(LIMITS.usernameMax, t.usernameShape)
  .regex(USERNAME_PATTERN, t.usernameShape);

/** Password rule: 8–128 characters, no composition rules (ASVS 6.2). */
export const passwordSchema = z
  .string({ error: t.passwordTooShort })
  .min(LIMITS.passwordMin, t.passwordTooShort)
  .max(LIMITS.passwordMax, t.passwordTooLong);

export const registerBody = z.strictObject({ username: usernameSchema, password: passwordSchema });
export type RegisterBody = z.infer<typeof registerBody>;

/** Login accepts any shape (the server answers 'invalid credentials'), only bounded in size. */
export const loginBody = z.strictObject({
  username: z.string().trim().min(1, TEXTS.auth.bothRequired).max(200),
  password: z.string().min(1, TEXTS.auth.bothRequired).max(1024),
});
export type LoginBody = z.infer<typeof loginBody>;

export const darkmodeBody = z.strictObject({ darkmode_enabled: z.boolean() });
export type DarkmodeBody = z.infer<typeof darkmodeBody>;

/** `GET /api/session/`: the spec's "user session". */
export interface SessionResponse {
  username: string | null;
  is_authenticated: boolean;
  darkmode_enabled: boolean | null;
  onboarding_completed: boolean;
}

export interface LoginResponse {
  username: string;
  darkmode_enabled: boolean | null;
  onboarding_completed: boolean;
}

export interface DarkmodeResponse {
  darkmode_enabled: boolean | null;
}

/** Every error body of the API (DESIGN §4). */
export interface ErrorResponse {
  error: string;
  fields?: Record<string, string>;
}
