import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS } from '../../test/test-app';
import { compiledOnce } from './compiled';
import { openDatabase, type Db } from './database';
import type { Database } from './schema';

// Typed against the real schema's rooms table, created bare here (no migrations needed).
const roomsNamed = compiledOnce((db: Kysely<Database>, name: string, minCount: number) =>
  db
    .selectFrom('rooms')
    .select(['name', 'message_count'])
    .where('name', '=', name)
    .where('message_count', '>=', minCount)
    .orderBy('message_count'),
);
const insertRoom = compiledOnce((db: Kysely<Database>, name: string, count: number) =>
  db
    .insertInto('rooms')
    .values({ name, message_count: count } as never)
    .returning('name'),
);

describe.each(DIALECTS)('queries compiled once on %s', (dialect) => {
  let database: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const test = await createTestDatabase(dialect);
    drop = test.drop;
    database = openDatabase({
      dataDir: test.env.DATA_DIR ?? '',
      databaseUrl: test.env.DATABASE_URL,
      databaseSchema: test.env.DATABASE_SCHEMA,
    });
    await sql`create table rooms (name text not null, message_count integer not null)`.execute(database.db);
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('binds each call its own values, on the database and inside a writer transaction', async () => {
    expect(await insertRoom(database.db, 'algebra', 3)).toEqual([{ name: 'algebra' }]);
    await database.writer.run(async (trx) => {
      await insertRoom(trx, 'algebra', 7);
      await insertRoom(trx, 'biology', 5);
    });
    expect(await roomsNamed(database.db, 'algebra', 0)).toEqual([
      { name: 'algebra', message_count: 3 },
      { name: 'algebra', message_count: 7 },
    ]);
    expect(await roomsNamed(database.db, 'algebra', 4)).toEqual([{ name: 'algebra', message_count: 7 }]);
    expect(await database.writer.run((trx) => roomsNamed(trx, 'biology', 5))).toEqual([
      { name: 'biology', message_count: 5 },
    ]);
    expect(await roomsNamed(database.db, 'chemistry', 0)).toEqual([]);
  });

  it('treats values as data, never as SQL', async () => {
    const hostile = "x' or '1'='1";
    await insertRoom(database.db, hostile, 1);
    expect(await roomsNamed(database.db, hostile, 0)).toEqual([{ name: hostile, message_count: 1 }]);
    expect(await roomsNamed(database.db, "nothing' or '1'='1", 0)).toEqual([]);
  });
});
