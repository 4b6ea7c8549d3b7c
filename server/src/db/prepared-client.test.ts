import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app';
import { openDatabase, type Db } from './database';

describe('statements prepared once per PostgreSQL connection', () => {
  let database: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const test = await createTestDatabase('postgres');
    drop = test.drop;
    database = openDatabase({
      dataDir: '',
      databaseUrl: test.env.DATABASE_URL,
      databaseSchema: test.env.DATABASE_SCHEMA,
    });
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('names a parameterized statement, runs it again by name and answers each call with its own values', async () => {
    // One transaction keeps one connection, whose prepared statements pg_prepared_statements lists.
    const result = await database.db.transaction().execute(async (trx) => {
      const answers: number[] = [];
      for (const n of [1, 2, 3]) {
        const { rows } = await sql<{ n: number }>`select ${n}::int + 40 as n`.execute(trx);
        answers.push(rows[0]!.n);
      }
      const { rows } = await sql<{ name: string; statement: string }>`
        select name, statement from pg_prepared_statements where statement like ${'%+ 40 as n'}`.execute(trx);
      return { answers, prepared: rows };
    });
    expect(result.answers).toEqual([41, 42, 43]);
    expect(result.prepared).toHaveLength(1);
    expect(result.prepared[0]!.name).toMatch(/^s_/);
  });

  it('runs statements without parameters unnamed', async () => {
    const prepared = await database.db.transaction().execute(async (trx) => {
      await sql`select 1 + 41 as n`.execute(trx);
      const { rows } = await sql<{ n: number }>`
        select count(*) as n from pg_prepared_statements where statement like ${'select 1 + 41%'}`.execute(
        trx,
      );
      return rows[0]!.n;
    });
    expect(prepared).toBe(0);
  });

  it('answers a failing statement with its error and keeps the connection usable', async () => {
    await expect(sql`select ${'x'}::int as n`.execute(database.db)).rejects.toThrow(/invalid input syntax/);
    const { rows } = await sql<{ n: number }>`select ${'7'}::int as n`.execute(database.db);
    expect(rows[0]!.n).toBe(7);
  });
});
