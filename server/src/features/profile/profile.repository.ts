import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export async function findDarkmode(db: Kysely<Database>, userId: number): Promise<number | null> {
  const row = await db.selectFrom('users').select('darkmode_enabled').where('id', '=', userId).executeTakeFirst();
  return row?.darkmode_enabled ?? null;
}

export async function updateDarkmode(db: Kysely<Database>, userId: number, value: number) {
  await db.updateTable('users').set({ darkmode_enabled: value }).where('id', '=', userId).execute();
}
