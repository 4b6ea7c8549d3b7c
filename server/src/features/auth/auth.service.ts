import { networkOf } from '../sessions/network-of';
import {
  BOT_USERNAMES,
  RESERVED_USERNAMES,
  TEXTS,
  type LoginBody,
  type RegisterBody,
} from '@studium/protocol';
import type { AppContext, CurrentUser } from '../../context';
import { nowIso } from '../../db/dialect';
import type { User } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';
import { Invalid, RateLimited } from '../../lib/errors';
import { publishSessionEnded } from '../../realtime/publish';
import * as repo from './auth.repository';
import { getDummyHash, hashPassword, needsRehash, passwordProblem, verifyPassword } from './passwords';

const t = TEXTS.server;

async function takeOrThrow(ctx: AppContext, key: string, spec: { burst: number; perSecond: number }) {
  const decision = await ctx.limiter.take(key, spec);
  if (!decision.allowed) throw new RateLimited(decision.retryAfterSeconds);
}

/** Whether a name is kept for the product, its staff or its bots, in any case (docs/auth.md). */
export function isReservedUsername(username: string): boolean {
  const lower = username.toLowerCase();
  return RESERVED_USERNAMES.includes(lower) || BOT_USERNAMES.some((bot) => bot.toLowerCase() === lower);
}

/** Creates an account. Does not log in: the client logs in right after (docs/auth.md). */
export async function registerUser(ctx: AppContext, body: RegisterBody, ip: string): Promise<User> {
  if (isReservedUsername(body.username)) {
    throw new Invalid(t.usernameReserved, { username: t.usernameReserved });
  }
  const problem = passwordProblem(body.password, body.username);
  if (problem) throw new Invalid(problem, { password: problem });
  await takeOrThrow(ctx, `register:ip:${ip}`, ctx.config.rateLimits.register);
  if (await repo.findUserByUsername(ctx.db, body.username)) {
    throw new Invalid(t.usernameTaken, { username: t.usernameTaken });
  }
  const passwordHash = await hashPassword(body.password);
  try {
    const id = await repo.insertUser(ctx.db, {
      username: body.username,
      username_lower: body.username.toLowerCase(),
      password_hash: passwordHash,
      created_at: nowIso(),
      darkmode_enabled: null,
      last_login_at: null,
    });
    ctx.log.info({ userId: id }, 'user registered');
    return (await repo.findUserById(ctx.db, id))!;
  } catch (err) {
    // Two registrations racing for one name: the unique index decides.
    if (await repo.findUserByUsername(ctx.db, body.username)) {
      throw new Invalid(t.usernameTaken, { username: t.usernameTaken });
    }
    throw err;
  }
}

export interface LoginResult {
  user: User;
  token: string;
}

/**
 * Checks credentials under the login rate limits (per address, per account, and failed attempts
 * per account) and opens a new session, replacing the caller's previous one (rotation).
 */
export async function loginUser(
  ctx: AppContext,
  body: LoginBody,
  ip: string,
  previousToken: string | undefined,
  userAgent = '',
): Promise<LoginResult> {
  const account = body.username.toLowerCase();
  const limits = ctx.config.rateLimits;
  await takeOrThrow(ctx, `login:ip:${ip}`, limits.login);
  await takeOrThrow(ctx, `login:account:${account}`, limits.login);
  const failures = await ctx.limiter.peek(`login:failed:${account}`, limits.loginFailed);
  if (!failures.allowed) throw new RateLimited(failures.retryAfterSeconds);

  const user = await repo.findUserByUsername(ctx.db, account);
  const ok = await verifyPassword(user?.password_hash ?? (await getDummyHash()), body.password);
  if (!user || !ok || user.is_bot === 1) {
    await ctx.limiter.take(`login:failed:${account}`, limits.loginFailed);
    ctx.log.info({ account: account.slice(0, 30) }, 'login failed');
    throw new Invalid(t.invalidCredentials);
  }

  const now = new Date();
  const token = randomToken();
  if (previousToken) await endSession(ctx, previousToken);
  const rehash = needsRehash(user.password_hash) ? await hashPassword(body.password) : undefined;
  await ctx.writer.run(async (trx) => {
    await repo.insertSession(trx, {
      token_hash: sha256(token),
      user_id: user.id,
      user_agent: userAgent.slice(0, 400),
      network: ctx.config.session.networks ? networkOf(ip) : null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ctx.config.session.maxAgeMs).toISOString(),
    });
    await repo.updateUserLogin(trx, user.id, now.toISOString(), rehash);
  });
  ctx.log.info({ userId: user.id }, 'login succeeded');
  return { user, token };
}

/** Ends the session behind `token` (no-op when there is none) and closes its sockets on every server. */
export async function logoutSession(ctx: AppContext, token: string | undefined) {
  if (token) await endSession(ctx, token);
}

async function endSession(ctx: AppContext, token: string) {
  const session = await repo.findSessionWithUser(ctx.db, sha256(token));
  if (!session) return;
  await repo.deleteSessionById(ctx.db, session.session_id);
  await publishSessionEnded(ctx, session.user_id, session.session_id);
}

// Writing last_seen_at on every request would turn reads into writes; once a minute is enough
// for a 12 h idle timeout.
const TOUCH_EVERY_MS = 60_000;

/** The user behind a session token, or null when absent, unknown, expired or idle too long. */
export async function resolveSession(
  ctx: AppContext,
  token: string | undefined,
): Promise<CurrentUser | null> {
  if (!token || token.length > 128) return null;
  const row = await repo.findSessionWithUser(ctx.db, sha256(token));
  if (!row) return null;
  const now = Date.now();
  const lastSeen = Date.parse(row.last_seen_at);
  if (Date.parse(row.expires_at) <= now || now - lastSeen > ctx.config.session.idleMs) {
    await repo.deleteSessionById(ctx.db, row.session_id);
    return null;
  }
  if (now - lastSeen > TOUCH_EVERY_MS)
    await repo.touchSession(ctx.db, row.session_id, new Date(now).toISOString());
  return { id: row.user_id, username: row.username, sessionId: row.session_id };
}

/** The ids among `sessionIds` whose sessions are neither expired nor idle too long (the rule above, in SQL). */
export async function listLiveSessionIds(ctx: AppContext, sessionIds: number[]): Promise<number[]> {
  const now = Date.now();
  return repo.listLiveSessionIds(
    ctx.db,
    sessionIds,
    new Date(now).toISOString(),
    new Date(now - ctx.config.session.idleMs).toISOString(),
  );
}

/** Removes sessions past their absolute or idle lifetime. */
export async function sweepSessions(ctx: AppContext) {
  const now = Date.now();
  await repo.deleteExpiredSessions(
    ctx.db,
    new Date(now).toISOString(),
    new Date(now - ctx.config.session.idleMs).toISOString(),
  );
}

// What other features use of this one's storage: they import it from here, never from the
// repository (scripts/feature-graph.test.mjs).
export { deleteOtherSessions } from './auth.repository';
