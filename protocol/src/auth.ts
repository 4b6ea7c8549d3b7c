import { z } from 'zod';
import { LIMITS } from './limits';
import { PRODUCT_NAME_DEFAULT, TEXTS } from './texts';

const t = TEXTS.server;

export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;

/** Username rule (docs/auth.md): 3–30 letters, digits or underscore (unique case-insensitively). */
export const usernameSchema = z
  .string({ error: t.usernameShape })
  .trim()
  .min(LIMITS.usernameMin, t.usernameShape)
  .max(LIMITS.usernameMax, t.usernameShape)
  .regex(USERNAME_PATTERN, t.usernameShape);

/**
 * Names nobody may register, in any case (docs/auth.md): they read as the product or its staff.
 * The bot accounts' names (`BOT_USERNAMES`) are reserved too; the server checks both lists.
 */
export const RESERVED_USERNAMES: readonly string[] = [
  'admin',
  'administrator',
  'moderator',
  'support',
  'system',
  'studium',
];

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

/** `GET /api/session/`: who is logged in, and the product's name as this deployment sets it. */
export const sessionResponse = z.object({
  username: z.string().nullable(),
  is_authenticated: z.boolean(),
  darkmode_enabled: z.boolean().nullable(),
  onboarding_completed: z.boolean(),
  /** The product's name (the server's `PRODUCT_NAME` setting), read at run time by the web app. */
  product_name: z.string().min(1),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

/** The session of nobody logged in. */
export function anonymousSession(productName: string = PRODUCT_NAME_DEFAULT): SessionResponse {
  return {
    username: null,
    is_authenticated: false,
    darkmode_enabled: null,
    onboarding_completed: false,
    product_name: productName,
  };
}

/** `POST /api/login/`. */
export const loginResponse = z.object({
  username: z.string(),
  darkmode_enabled: z.boolean().nullable(),
  onboarding_completed: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** `POST /api/register/` (201): the account's username; the user then logs in. */
export const registerResponse = z.object({ username: z.string() });
export type RegisterResponse = z.infer<typeof registerResponse>;

/** `GET /api/csrf/`: the token also set as the `csrftoken` cookie. */
export const csrfResponse = z.object({ csrftoken: z.string().min(1) });
export type CsrfResponse = z.infer<typeof csrfResponse>;

/** `GET`/`POST /api/profile/settings/darkmode/`: null until the user chooses. */
export const darkmodeResponse = z.object({ darkmode_enabled: z.boolean().nullable() });
export type DarkmodeResponse = z.infer<typeof darkmodeResponse>;

/** The answer of actions that return nothing else (logout, password change, account deletion). */
export const okResponse = z.object({ ok: z.literal(true) });

/** Every error body of the API: a text to show, and per-field texts for form input. */
export const errorResponse = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
