import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrations';
import { createTestDatabase, type DialectName } from './test-app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows written straight, as a bulk import would
type RawDb = Kysely<any>;

/**
 * A throw-away database at the latest schema, for the tests that read the plan the engine picks
 * for a query once its indexes are there. `db` is untyped: those tests write rows straight, as a
 * bulk import would; `typed` is the same handle as the repositories take it. `close` closes and
 * deletes it.
 */
export async function openMigratedDatabase(dialect: DialectName) {
  const target = await createTestDatabase(dialect);
  const database = openDatabase({
    dataDir: target.env.DATA_DIR ?? '',
    databaseUrl: target.env.DATABASE_URL,
    databaseSchema: target.env.DATABASE_SCHEMA,
  });
  await migrateToLatest(database.db, dialect, target.env.DATABASE_SCHEMA);
  return {
    db: database.db as unknown as RawDb,
    typed: database.db,
    close: async () => {
      await database.close();
      await target.drop();
    },
  };
}

export const openMigratedSqlite = () => openMigratedDatabase('sqlite');

/**
 * Rows for a plan test, written straight: the users named (ids from 1), one public room (id 1) and
 * `count` messages in it by user `authorId`, all at `at`.
 */
export async function seedRoomHistory(
  db: RawDb,
  users: string[],
  count: number,
  authorId: number,
  at: string,
) {
  for (const name of users)
    await sql`insert into users (username, username_lower, password_hash, created_at) values (${name}, ${name}, '!', ${at})`.execute(
      db,
    );
  await sql`insert into rooms (name, slug, path, depth, kind, created_at) values ('r', 'r', 'r', 0, 'public', ${at})`.execute(
    db,
  );
  await sql`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
    insert into messages (room_id, user_id, content, created_at) select 1, ${authorId}, 'm' || i, ${at} from n`.execute(
    db,
  );
}
