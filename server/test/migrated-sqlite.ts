import type { Kysely } from 'kysely';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrations';
import { createTestDatabase } from './test-app';

/**
 * A throw-away SQLite database at the latest schema, for the tests that read the plan SQLite picks
 * for a query once a migration's index is there. `db` is untyped: those tests write rows straight,
 * as a bulk import would. `close` closes and deletes it.
 */
export async function openMigratedSqlite() {
  const target = await createTestDatabase('sqlite');
  const database = openDatabase({
    dataDir: target.env.DATA_DIR ?? '',
    databaseUrl: undefined,
    databaseSchema: undefined,
  });
  await migrateToLatest(database.db, 'sqlite');
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows written straight, as a bulk import would
    db: database.db as unknown as Kysely<any>,
    close: async () => {
      await database.close();
      await target.drop();
    },
  };
}
