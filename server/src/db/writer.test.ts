import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Transaction } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './database';
import { createTestDatabase, DIALECTS } from '../../test/test-app';
import { isUniqueViolation } from './dialect';
import type { Database, Executor } from './schema';
import { coalesced, deferToCommit, oncePerUnit, type BatchTask } from './writer';

// Group commit on SQLite, against a real database file and a second connection that sees only
// what is committed (as another process would).
describe('the SQLite writer (group commit)', () => {
  let dir: string;
  let database: Db;
  let outside: SQLite.Database;
  const committedNotes = () =>
    (outside.prepare('select note from notes order by note').all() as Array<{ note: string }>).map(
      (r) => r.note,
    );
  const insert = (note: string) => async (trx: Transaction<Database>) =>
    void (await sql`insert into notes (note) values (${note})`.execute(trx));

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studium-writer-'));
    database = openDatabase({ dataDir: dir, databaseUrl: undefined, databaseSchema: undefined });
    await sql`create table notes (note text primary key)`.execute(database.db);
    outside = new SQLite(path.join(dir, 'studium.sqlite3'), { readonly: true });
  });
  afterEach(async () => {
    outside.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs units of the same turn in one transaction and settles each after its commit', async () => {
    const seenInside: string[][] = [];
    const seenOutside: string[][] = [];
    const units = ['a', 'b', 'c'].map((note) =>
      database.writer.run(async (trx) => {
        await insert(note)(trx);
        const rows = await sql<{ note: string }>`select note from notes order by note`.execute(trx);
        seenInside.push(rows.rows.map((r) => r.note));
        seenOutside.push(committedNotes());
        return note.toUpperCase();
      }),
    );
    expect(await Promise.all(units)).toEqual(['A', 'B', 'C']);
    // One transaction: each unit saw the earlier units' rows, and nothing was committed meanwhile.
    expect(seenInside).toEqual([['a'], ['a', 'b'], ['a', 'b', 'c']]);
    expect(seenOutside).toEqual([[], [], []]);
    expect(committedNotes()).toEqual(['a', 'b', 'c']);
  });

  it('rolls back a unit that throws, alone, and hands its error to its caller', async () => {
    const failing = database.writer.run(async (trx) => {
      await insert('b')(trx);
      throw new Error('refused');
    });
    const results = await Promise.allSettled([
      database.writer.run(insert('a')),
      failing,
      database.writer.run(insert('c')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('refused'));
    expect(committedNotes()).toEqual(['a', 'c']);
  });

  it('passes database errors through unchanged, so callers can tell a unique violation', async () => {
    await database.writer.run(insert('a'));
    const [again, other] = await Promise.allSettled([
      database.writer.run(insert('a')),
      database.writer.run(insert('b')),
    ]);
    expect(again.status).toBe('rejected');
    expect(isUniqueViolation((again as PromiseRejectedResult).reason)).toBe(true);
    expect(other.status).toBe('fulfilled');
    expect(committedNotes()).toEqual(['a', 'b']);
  });

  it('starts a new transaction on the next turn, and commits what is queued on close', async () => {
    await database.writer.run(insert('a'));
    const later = database.writer.run(insert('b'));
    expect(committedNotes()).toEqual(['a']);
    await database.writer.drain();
    expect(committedNotes()).toEqual(['a', 'b']);
    await later;
  });

  it('rolls the whole batch back when its transaction breaks, and carries on with the next', async () => {
    // A unit that releases its own savepoint makes the writer's release fail: the batch cannot be trusted.
    const breaking = database.writer.run(async (trx) => {
      await insert('b')(trx);
      await sql`release savepoint unit`.execute(trx);
    });
    const results = await Promise.allSettled([database.writer.run(insert('a')), breaking]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(committedNotes()).toEqual([]);
    await database.writer.run(insert('c'));
    expect(committedNotes()).toEqual(['c']);
    expect(
      await database.db
        .selectFrom('notes' as never)
        .selectAll()
        .execute(),
    ).toHaveLength(1);
  });

  it('commits a full batch at once and carries on in the next', async () => {
    const notes = Array.from({ length: 150 }, (_, i) => `n${String(i).padStart(3, '0')}`);
    await Promise.all(notes.map((note) => database.writer.run(insert(note))));
    expect(committedNotes()).toEqual(notes);
  });
});

// The same promises on both engines, and the work units leave for the end of their batch.
describe.each(DIALECTS)('the writer on %s', (dialect) => {
  let database: Db;
  let drop: () => Promise<void>;
  const insert = (note: string) => async (trx: Executor) =>
    void (await sql`insert into notes (note) values (${note})`.execute(trx));
  const notes = async () =>
    (await sql<{ note: string }>`select note from notes order by note`.execute(database.db)).rows.map(
      (r) => r.note,
    );

  beforeEach(async () => {
    const created = await createTestDatabase(dialect);
    drop = created.drop;
    database = openDatabase({
      dataDir: created.env.DATA_DIR ?? '',
      databaseUrl: created.env.DATABASE_URL,
      databaseSchema: created.env.DATABASE_SCHEMA,
    });
    await sql`create table notes (note text primary key)`.execute(database.db);
  });
  afterEach(async () => {
    await database.close();
    await drop();
  });

  it('commits the units of a turn together, rolling back a failing one alone', async () => {
    const results = await Promise.allSettled([
      database.writer.run(insert('a')),
      database.writer.run(async (trx) => {
        await insert('b')(trx);
        throw new Error('refused');
      }),
      database.writer.run(insert('a')),
      database.writer.run(insert('c')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(isUniqueViolation((results[2] as PromiseRejectedResult).reason)).toBe(true);
    expect(await notes()).toEqual(['a', 'c']);
  });

  it("runs deferred work once per batch with the committed units' values, before the commit", async () => {
    const runs: string[][] = [];
    const task: BatchTask<string> = {
      async run(trx, values) {
        runs.push([...values].sort());
        for (const value of values) await insert(`deferred-${value}`)(trx);
      },
    };
    const unit = (note: string, fail = false) =>
      database.writer.run(async (trx) => {
        await deferToCommit(trx, task, note);
        if (fail) throw new Error('refused');
      });
    const results = await Promise.allSettled([unit('x'), unit('y', true), unit('z')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(runs).toEqual([['x', 'z']]);
    expect(await notes()).toEqual(['deferred-x', 'deferred-z']);
    // Outside the writer the task runs at once.
    await deferToCommit(database.db, task, 'now');
    expect(runs.at(-1)).toEqual(['now']);
  });

  it('acts outside the database once per unit, even when a failing unit makes its batch run again', async () => {
    const charged: string[] = [];
    const charge = (note: string) => async (trx: Executor) => {
      await oncePerUnit(trx, 'token', async () => void charged.push(note));
      await insert(note)(trx);
    };
    const results = await Promise.allSettled([
      database.writer.run(charge('p')),
      database.writer.run(charge('q')),
      database.writer.run(async (trx) => {
        await insert('r')(trx);
        throw new Error('refused');
      }),
      database.writer.run(charge('s')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(await notes()).toEqual(['p', 'q', 's']);
    expect(charged.sort()).toEqual(['p', 'q', 's']);
  });

  it('keeps a unit failing in the database from failing the units around it', async () => {
    // On PostgreSQL a failed statement aborts the whole transaction, not only the unit.
    const results = await Promise.allSettled([
      database.writer.run(insert('u')),
      database.writer.run((trx) => sql`select * from no_such_table`.execute(trx)),
      database.writer.run(insert('v')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await notes()).toEqual(['u', 'v']);
  });

  it('runs units marked alongside side by side on PostgreSQL, their coalesced statements sent once', async () => {
    const calls: string[][] = [];
    const note = coalesced(
      async (trx, key: string) => {
        calls.push([key]);
        await insert(key)(trx);
        return key.toUpperCase();
      },
      async (trx, keys: string[]) => {
        calls.push(keys);
        for (const key of keys) await insert(key)(trx);
        return keys.map((k) => k.toUpperCase());
      },
    );
    const charged: string[] = [];
    const task: BatchTask<string> = { run: async (_trx, values) => void charged.push(values.join(',')) };
    const unit = (key: string, fail = false) =>
      database.writer.run(
        async (trx) => {
          await oncePerUnit(trx, 'token', async () => void charged.push(`once ${key}`));
          const value = await note(trx, key);
          await deferToCommit(trx, task, key);
          if (fail) throw new Error('refused');
          return value;
        },
        { alongside: true },
      );
    expect(await Promise.all([unit('k1'), unit('k2'), unit('k3')])).toEqual(['K1', 'K2', 'K3']);
    expect(calls).toEqual(dialect === 'postgres' ? [['k1', 'k2', 'k3']] : [['k1'], ['k2'], ['k3']]);
    expect(charged.sort()).toEqual(['k1,k2,k3', 'once k1', 'once k2', 'once k3']);

    // One failing unit: the batch runs again one unit at a time, each statement alone.
    calls.length = 0;
    charged.length = 0;
    const results = await Promise.allSettled([unit('k4'), unit('k5', true), unit('k6')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(calls).toEqual(
      dialect === 'postgres'
        ? [['k4', 'k5', 'k6'], ['k4'], ['k5'], ['k6']]
        : [['k4'], ['k5'], ['k4'], ['k5'], ['k6']],
    );
    expect(charged.sort()).toEqual(['k4,k6', 'once k4', 'once k5', 'once k6']);
    expect(await notes()).toEqual(['k1', 'k2', 'k3', 'k4', 'k6']);
  });

  it('keeps many batches of many units apart and commits every one', async () => {
    const many = Array.from({ length: 300 }, (_, i) => `n${String(i).padStart(3, '0')}`);
    await Promise.all(many.map((note) => database.writer.run(insert(note))));
    expect(await notes()).toEqual(many);
  });
});
