import { SESSIONS_TEXTS, type SessionsResponse, type SessionsRevokedResponse } from '@studium/protocol';
import type { AppContext, CurrentUser } from '../../context';
import { Invalid, NotFound } from '../../lib/errors';
import { publishSessionEnded } from '../../realtime/publish';
import { deviceName } from './device-name';
import * as repo from './sessions.repository';

/** The user's live sessions, the one asking first (docs/sessions.md). */
export async function listSessions(ctx: AppContext, user: CurrentUser): Promise<SessionsResponse> {
  const now = Date.now();
  const rows = await repo.listLiveSessions(
    ctx.db,
    user.id,
    new Date(now).toISOString(),
    new Date(now - ctx.config.session.idleMs).toISOString(),
  );
  const sessions = rows.map((row) => {
    const current = row.id === user.sessionId;
    return {
      id: row.id,
      device: deviceName(row.user_agent) ?? SESSIONS_TEXTS.unknownDevice,
      // Stored only when the operator enables it (SESSION_NETWORKS).
      network: row.network,
      created_at: row.created_at,
      last_seen_at: row.last_seen_at,
      current,
      // The session in use ends with Log out, which also clears its cookie.
      can_revoke: !current,
    };
  });
  sessions.sort((a, b) => Number(b.current) - Number(a.current));
  return { sessions };
}

/** Ends the sessions and closes their sockets on every server process. */
async function end(ctx: AppContext, user: CurrentUser, ids: number[]): Promise<SessionsRevokedResponse> {
  const deleted = await ctx.writer.run((trx) => repo.deleteUserSessions(trx, user.id, ids));
  for (const sessionId of deleted) await publishSessionEnded(ctx, user.id, sessionId);
  if (deleted.length > 0) ctx.log.info({ userId: user.id, sessions: deleted.length }, 'sessions revoked');
  return { revoked: deleted.length };
}

/** Logs out one of the user's other sessions; another user's session is not found. */
export async function revokeSession(ctx: AppContext, user: CurrentUser, sessionId: number) {
  if (sessionId === user.sessionId) throw new Invalid(SESSIONS_TEXTS.notCurrent);
  const result = await end(ctx, user, [sessionId]);
  if (result.revoked === 0) throw new NotFound();
  return result;
}

/** Logs out every session of the user but the one asking. */
export async function revokeOtherSessions(ctx: AppContext, user: CurrentUser) {
  return end(ctx, user, await repo.listOtherSessionIds(ctx.db, user.id, user.sessionId));
}
