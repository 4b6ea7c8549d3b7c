import type { Kysely, Transaction } from 'kysely';
import type { Database, NewUser, User } from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export const findUserByUsername = (db: Executor, username: string): Promise<User | undefined> =>
  db.selectFrom('users').selectAll().where('username_lower', '=', username.toLowerCase()).executeTakeFirst();

export const findUserById = (db: Executor, id: number): Promise<User | undefined> =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertUser(db: Executor, user: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUserLogin(db: Executor, id: number, at: string, passwordHash?: string) {
  await db
    .updateTable('users')
    .set(passwordHash ? { last_login_at: at, password_hash: passwordHash } : { last_login_at: at })
    .where('id', '=', id)
    .execute();
}

export async function insertSession(
  db: Executor,
  row: {
    token_hash: string;
    user_id: number;
    user_agent?: string;
    network?: string | null;
    created_at: string;
    expires_at: string;
  },
) {
  await db
    .insertInto('sessions')
    .values({ ...row, last_seen_at: row.created_at })
    .execute();
}

export const findSessionWithUser = (db: Executor, tokenHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.id as user_id',
      'users.username',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();

export async function touchSession(db: Executor, sessionId: number, at: string) {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();
}

export async function deleteSessionByHash(db: Executor, tokenHash: string) {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteSessionById(db: Executor, id: number) {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Deletes every session of a user except `keepSessionId` (password change ends the others). */
export async function deleteOtherSessions(db: Executor, userId: number, keepSessionId: number | null) {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId !== null) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

export async function deleteExpiredSessions(db: Executor, now: string, idleCutoff: string) {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleCutoff)]))
    .execute();
}

/** Which of `ids` are sessions still alive (not expired, not idle too long). */
export async function listLiveSessionIds(
  db: Executor,
  ids: number[],
  now: string,
  idleCutoff: string,
): Promise<number[]> {
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', 'in', ids)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', idleCutoff)
    .execute();
  return rows.map((r) => r.id);
}
