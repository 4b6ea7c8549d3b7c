import type { Executor } from '../../db/schema';

/** The `show_presence` flag of one user (0/1); undefined when there is no such user. */
export async function findShowPresence(db: Executor, userId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('show_presence')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.show_presence;
}

export async function updateShowPresence(db: Executor, userId: number, value: number) {
  await db.updateTable('users').set({ show_presence: value }).where('id', '=', userId).execute();
}

/** Users by username (case-insensitively), with their presence flag. */
export async function listUsersByUsername(db: Executor, usernamesLower: string[]) {
  if (usernamesLower.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'username', 'show_presence'])
    .where('username_lower', 'in', usernamesLower)
    .execute();
}

/** Users by id, with their presence flag. */
export async function listUsersById(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('users').select(['id', 'username', 'show_presence']).where('id', 'in', ids).execute();
}
