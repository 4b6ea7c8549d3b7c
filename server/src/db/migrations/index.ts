import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { DialectName } from '../dialect';
import { initial } from './0001-initial';

/** Migrations in order. Names are frozen once released; append, never edit. */
function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-initial': initial(dialect),
  };
}

/** Applies every pending migration; throws on the first failure. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>
export async function migrateToLatest(db: Kysely<any>, dialect: DialectName): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
