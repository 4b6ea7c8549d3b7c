import type { Executor } from '../../db/schema';

/** The user's sessions still alive (not expired, not idle too long). */
export const listLiveSessions = (db: Executor, userId: number, now: string, idleCutoff: string) =>
  db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'network', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', idleCutoff)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

/** Deletes the user's sessions among `ids` (never another user's); answers the ids deleted. */
export async function deleteUserSessions(db: Executor, userId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The ids of every session of the user but `keep`. */
export const listOtherSessionIds = async (db: Executor, userId: number, keep: number) =>
  (
    await db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', '!=', keep)
      .execute()
  ).map((r) => r.id);
