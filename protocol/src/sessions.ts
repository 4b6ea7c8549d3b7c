import { z } from 'zod';

/**
 * One of the user's signed-in sessions (docs/sessions.md): the device as its browser named
 * itself, when it started and was last seen, and whether it is the one asking.
 */
export const sessionInfo = z.object({
  id: z.number().int(),
  device: z.string(),
  /** The login's network (e.g. '203.0.113.0/24'), when the operator enables it; else null. */
  network: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
  can_revoke: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;

/** `GET /api/sessions/`: the user's live sessions, the current one first, then by last seen. */
export const sessionsResponse = z.object({ sessions: z.array(sessionInfo) });
export type SessionsResponse = z.infer<typeof sessionsResponse>;

/** `DELETE /api/sessions/{id}/` and `POST /api/sessions/log-out-others/`: how many sessions ended. */
export const sessionsRevokedResponse = z.object({ revoked: z.number().int().min(0) });
export type SessionsRevokedResponse = z.infer<typeof sessionsRevokedResponse>;

export const SESSIONS_TEXTS = {
  title: 'Sessions',
  description: 'Where your account is signed in. Log out a session you do not recognise.',
  thisDevice: 'This device',
  logOut: 'Log out',
  logOutOthers: 'Log out other sessions',
  noOthers: 'No other sessions. You are signed in only here.',
  loadFailed: 'Failed to load your sessions',
  revoked: 'Session logged out',
  othersRevoked: (n: number) => `${n} other ${n === 1 ? 'session' : 'sessions'} logged out`,
  revokeFailed: 'Could not log out that session',
  notCurrent: 'This is the session you are using: use Log out in the menu instead.',
  unknownDevice: 'Unknown device',
  lastSeen: (when: string) => `Last active ${when}`,
  signedIn: (when: string) => `Signed in ${when}`,
  network: (network: string) => `Network ${network}`,
} as const;
