import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, POSTGRES_URL } from '../../test/test-app';
import { openDatabase } from './database';
import { migrateToLatest } from './migrations';

/** A schema of someone else's in the same database: a table with a serial column. */
async function otherSchema(client: pg.Client, name: string) {
  await client.query(`create schema ${name}`);
  await client.query(`create table ${name}.things (id serial primary key, label text not null)`);
  await client.query(`create table ${name}.kysely_migration (name text primary key)`);
}

describe('migrations on a PostgreSQL database shared with other schemas', () => {
  let cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const step of cleanup.reverse()) await step();
    cleanup = [];
  });

  async function openOwn() {
    const target = await createTestDatabase('postgres');
    const database = openDatabase({
      dataDir: '',
      databaseUrl: target.env.DATABASE_URL,
      databaseSchema: target.env.DATABASE_SCHEMA,
    });
    cleanup.push(target.drop, database.close);
    return { database, schema: target.env.DATABASE_SCHEMA! };
  }

  async function connect() {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    cleanup.push(() => client.end());
    return client;
  }

  it("introspects only its own schema, never another's tables", async () => {
    const client = await connect();
    const other = `other_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await otherSchema(client, other);
    cleanup.push(async () => void (await client.query(`drop schema if exists ${other} cascade`)));
    const { database, schema } = await openOwn();
    await migrateToLatest(database.db, 'postgres', schema);

    const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
    expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([schema]));
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining(['users', 'messages', 'kysely_migration']),
    );
    const users = tables.find((t) => t.name === 'users')!;
    expect(users.columns.find((c) => c.name === 'id')).toMatchObject({
      isAutoIncrementing: true,
      isNullable: false,
    });
    // Kysely's bookkeeping tables are left out unless asked for, as Kysely's own introspector does.
    const plain = await database.db.introspection.getTables();
    expect(plain.map((t) => t.name)).not.toContain('kysely_migration');
    expect((await database.db.introspection.getSchemas()).map((s) => s.name)).toContain(other);
  });

  it('migrates while other schemas of the database are created and dropped all along', async () => {
    const client = await connect();
    let churning = true;
    let dropped = 0;
    const churn = (async () => {
      for (let i = 0; churning && i < 10_000; i++) {
        const name = `churn_${process.pid}_${i}`;
        await otherSchema(client, name);
        await client.query(`drop schema ${name} cascade`);
        dropped += 1;
      }
    })();
    try {
      for (let i = 0; i < 5; i++) {
        const { database, schema } = await openOwn();
        expect(await migrateToLatest(database.db, 'postgres', schema)).toContain('0001-initial');
      }
    } finally {
      churning = false;
      await churn;
    }
    expect(dropped).toBeGreaterThan(5);
  });
});
