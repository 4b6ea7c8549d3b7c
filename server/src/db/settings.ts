import type { Kysely } from 'kysely';
import { randomToken } from '../lib/crypto';
import type { Database } from './schema';

/**
 * A server secret shared by every process through the database: created once by whichever
 * process starts first (the insert that loses the race is ignored), then read by all.
 */
export async function loadSecret(db: Kysely<Database>, key: string): Promise<string> {
  await db
    .insertInto('app_settings')
    .values({ key, value: randomToken(48) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.value;
}
