import { sql, type ControlledTransaction, type Kysely, type Transaction } from 'kysely';
import { rememberDialect, type DialectName } from './dialect';
import type { Database, Executor } from './schema';

/**
 * Runs units of writing work, each atomically; a unit's promise settles once its writes are
 * committed (or have failed), so callers publish only what is durable.
 */
export interface Writer {
  run<T>(unit: (trx: Transaction<Database>) => Promise<T>, options?: RunOptions): Promise<T>;
  /** Resolves when nothing is left uncommitted (shutdown). */
  drain(): Promise<void>;
  /** Units queued or running, not yet settled (metrics). */
  depth(): number;
  /** The connections it writes on: the app's own on SQLite, a pool of its own on PostgreSQL. */
  readonly db: Kysely<Database>;
}

export interface RunOptions {
  /**
   * The unit may run side by side with the units queued right next to it that say so too
   * (PostgreSQL; SQLite runs every unit alone), so the reads and writes they make alike go to the
   * database once for all of them (`coalesced`). Such a unit must tolerate the others' statements
   * between its own, and every conflict between them must fail (a unique index, a check that
   * throws): a failing unit makes its batch run again one unit at a time, which decides it alone.
   */
  alongside?: boolean;
}

/** Most units one commit carries; a fuller batch commits at once. */
const MAX_UNITS_PER_COMMIT = 64;

/**
 * Both engines share commits (GroupCommit). SQLite has one writer and pays most of a chat
 * message's cost in its commit; PostgreSQL pays per round trip, and a message alone in its
 * transaction took about ten (docs/benchmarks.md). On PostgreSQL `db` is the writer's own
 * connection pool, so reads never wait behind a batch for a connection.
 */
export function createWriter(db: Kysely<Database>, dialect: DialectName): Writer {
  return new GroupCommit(db, dialect);
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

type Unit = (trx: Transaction<Database>) => Promise<unknown>;

/** A unit in its batch; its outcome is read once the batch has committed (or failed). */
interface Entry {
  unit: Unit;
  outcome?: Outcome<unknown>;
  /** What the unit did outside the database, kept for a second run (oncePerUnit). */
  once: Map<string, Promise<unknown>>;
  /** Runs side by side with its neighbours in the optimistic pass (RunOptions.alongside). */
  alongside: boolean;
}

interface Batch {
  /** The batch's transaction, once open. */
  trx: Promise<ControlledTransaction<Database>>;
  /** The units side by side at the batch's end (`alongside`), and what they started after. */
  wave: { after: Promise<void>; running: Array<Promise<void>> } | null;
  /** Coalesced calls of the units running side by side, waiting to go out together. */
  loads: Map<Coalesced<never, unknown>, Array<Load<never, unknown>>>;
  /** Work the batch's committed units left for its end (deferToCommit), by task. */
  deferred: Map<BatchTask<never>, unknown[]>;
  /** Settles when every unit queued so far has run (units run one at a time). */
  tail: Promise<void>;
  entries: Entry[];
  /** A unit of the optimistic pass failed: the batch runs again, each unit in a savepoint. */
  failed: boolean;
  /** The last unit's savepoint, still to be released (PostgreSQL releases it with the next one's start). */
  held: boolean;
  committed: Promise<void>;
  commit: () => void;
}

/**
 * Group commit. The first unit opens a transaction; units arriving before the event loop's next
 * turn (other sockets' frames read in the same poll), and while every connection is still busy
 * with earlier batches, run in it too, one after another (or side by side, RunOptions.alongside),
 * so that a unit that throws is rolled back alone. The batch takes no more units after that, or
 * once it holds MAX_UNITS_PER_COMMIT, and commits when they have run; every unit's promise
 * settles only after that commit.
 *
 * SQLite has one connection, so batches run one after another. On PostgreSQL the writer's pool
 * bounds how many run side by side; their units take row locks of rooms only at the batch's end
 * (deferToCommit), in ascending order, so two batches never wait on each other in a cycle. A
 * unit that still meets a deadlock or a serialization failure is rolled back to its savepoint
 * and run again, once.
 *
 * A savepoint per unit costs: on PostgreSQL each statement is a round trip, and a savepoint was
 * one in four of a chat message's; on SQLite the two statements, and the search index's flush
 * that each release makes, took a sixth of the server's time at full load (docs/benchmarks.md).
 * So a batch first runs its units without savepoints; almost always every unit
 * succeeds and the batch commits. When one fails (a refused send, a database error), the pass
 * stops, the transaction is rolled back and the batch runs again from its first unit, each in its
 * own savepoint, so only the failing unit fails. A unit may therefore run twice, and only the
 * committed run counts: what it does outside the database (a rate-limit token) goes through
 * `oncePerUnit`, and what it has to tell goes out after its promise settles.
 * In the savepoint pass a unit's savepoint is released by the statement that opens the next one
 * (`release savepoint unit; savepoint unit`, one simple query) and the commit releases the last.
 */
class GroupCommit implements Writer {
  private open: Batch | null = null;
  private readonly running = new Set<Promise<void>>();
  private pending = 0;

  constructor(
    readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  async run<T>(unit: (trx: Transaction<Database>) => Promise<T>, options: RunOptions = {}): Promise<T> {
    const batch = this.open ?? this.begin();
    this.pending++;
    const entry: Entry = {
      unit,
      once: new Map(),
      alongside: options.alongside === true && this.dialect === 'postgres',
    };
    batch.entries.push(entry);
    if (entry.alongside) {
      // Starts with the units side by side before it, after whatever ran before them.
      batch.wave ??= { after: batch.tail, running: [] };
      batch.wave.running.push(batch.wave.after.then(() => this.runEntry(batch, entry)));
      batch.tail = Promise.all(batch.wave.running).then(() => undefined);
    } else {
      batch.wave = null;
      batch.tail = batch.tail.then(() => this.runEntry(batch, entry));
    }
    // A broken batch is dealt with at commit time (finish); until then its rejection is expected.
    batch.tail.catch(() => undefined);
    if (batch.entries.length >= MAX_UNITS_PER_COMMIT) this.close(batch);
    const settled = await batch.committed.then(
      () => entry.outcome as Outcome<T>,
      (error: unknown): Outcome<T> => ({ ok: false, error }),
    );
    this.pending--;
    if (!settled.ok) throw settled.error;
    return settled.value;
  }

  async drain(): Promise<void> {
    if (this.open) this.close(this.open);
    await Promise.all(this.running);
  }

  depth(): number {
    return this.pending;
  }

  private async runEntry(batch: Batch, entry: Entry) {
    // After a failure the optimistic pass stops: the rest runs in the savepoint pass (finish).
    if (batch.failed) return;
    const trx = this.unitHandle(batch, entry, await batch.trx);
    const deferred = new Map<BatchTask<never>, unknown[]>();
    unitWork.set(trx, deferred);
    try {
      entry.outcome = { ok: true, value: await entry.unit(trx) };
      mergeDeferred(batch, deferred);
    } catch {
      batch.failed = true;
    } finally {
      forgetHandle(trx);
    }
  }

  /**
   * The unit's own handle on the batch's transaction: the same connection under another identity,
   * so units side by side keep their deferred work, their acts outside the database and their
   * coalesced calls apart.
   */
  private unitHandle(batch: Batch, entry: Entry, trx: Transaction<Database>): Transaction<Database> {
    const handle = trx.$extendTables<Record<never, never>>() as Transaction<Database>;
    rememberDialect(handle, this.dialect);
    unitEntry.set(handle, entry);
    unitBatch.set(handle, batch);
    return handle;
  }

  private async runUnit(
    batch: Batch,
    batchTrx: Transaction<Database>,
    entry: Entry,
    retried = false,
  ): Promise<Outcome<unknown>> {
    const trx = this.unitHandle(batch, entry, batchTrx);
    await this.step(trx, batch.held ? ['release savepoint unit', 'savepoint unit'] : ['savepoint unit']);
    batch.held = true;
    const deferred = new Map<BatchTask<never>, unknown[]>();
    unitWork.set(trx, deferred);
    try {
      const value = await entry.unit(trx);
      // SQLite releases at once (no round trip to save); PostgreSQL with the next unit's start.
      if (this.dialect === 'sqlite') {
        await this.step(trx, ['release savepoint unit']);
        batch.held = false;
      }
      mergeDeferred(batch, deferred);
      return { ok: true, value };
    } catch (error) {
      await this.step(trx, ['rollback to savepoint unit', 'release savepoint unit']);
      batch.held = false;
      if (!retried && isLockConflict(error)) return this.runUnit(batch, batchTrx, entry, true);
      return { ok: false, error };
    } finally {
      forgetHandle(trx);
    }
  }

  /** Savepoint bookkeeping: one round trip on PostgreSQL (a simple query may hold several statements). */
  private async step(trx: Transaction<Database>, statements: string[]) {
    if (this.dialect === 'postgres') await sql.raw(statements.join('; ')).execute(trx);
    else for (const statement of statements) await sql.raw(statement).execute(trx);
  }

  private begin(): Batch {
    let commit!: () => void;
    const started = new Promise<void>((resolve) => (commit = resolve));
    const trx = this.db
      .startTransaction()
      .execute()
      .then((opened) => {
        rememberDialect(opened, this.dialect);
        return opened;
      });
    const batch: Batch = {
      trx,
      wave: null,
      loads: new Map(),
      deferred: new Map(),
      tail: trx.then(() => undefined),
      entries: [],
      failed: false,
      held: false,
      committed: Promise.resolve(),
      commit,
    };
    batch.committed = started.then(() => this.finish(batch));
    const tracked = batch.committed.catch(() => undefined).then(() => void this.running.delete(tracked));
    this.running.add(tracked);
    this.open = batch;
    // Open until the next turn and until it has a connection: while every connection is busy with
    // earlier batches, the units arriving meanwhile join this one rather than each turn's own.
    const nextTurn = new Promise<void>((resolve) => setImmediate(resolve));
    void Promise.all([nextTurn, trx.catch(() => undefined)]).then(() => this.close(batch));
    return batch;
  }

  private close(batch: Batch) {
    if (this.open === batch) this.open = null;
    batch.commit();
  }

  // Runs once every queued unit has: the units' deferred work, then the commit. If the savepoint
  // bookkeeping, the deferred work or the commit fails, the whole batch is rolled back and every
  // unit of it fails: the connection is never left inside an open transaction.
  private async finish(batch: Batch): Promise<void> {
    const broken = await batch.tail.then(
      () => undefined,
      (err: unknown) => ({ err }),
    );
    let trx = await batch.trx;
    try {
      if (broken) throw broken.err;
      if (batch.failed) {
        await trx.rollback().execute();
        trx = await this.db.startTransaction().execute();
        rememberDialect(trx, this.dialect);
        batch.deferred = new Map();
        batch.held = false;
        for (const entry of batch.entries) entry.outcome = await this.runUnit(batch, trx, entry);
      }
      for (const [task, values] of batch.deferred) await task.run(trx, values as never[]);
      await trx.commit().execute();
    } catch (err) {
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
      throw err;
    }
  }
}

function mergeDeferred(batch: Batch, deferred: Map<BatchTask<never>, unknown[]>) {
  for (const [task, values] of deferred)
    batch.deferred.set(task, [...(batch.deferred.get(task) ?? []), ...values]);
}

/** PostgreSQL's deadlock_detected and serialization_failure: worth one more try. */
const isLockConflict = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
};

/**
 * Work that many units do alike and that takes contended row locks (a room's counters): each
 * unit leaves a value, and the batch runs the task once with all of them just before it commits.
 */
export interface BatchTask<V> {
  run(trx: Executor, values: V[]): Promise<void>;
}

/** The deferred work of a unit, by its handle. */
const unitWork = new WeakMap<object, Map<BatchTask<never>, unknown[]>>();
/** A unit, by its handle. */
const unitEntry = new WeakMap<object, Entry>();
/** A unit's batch, by the unit's handle. */
const unitBatch = new WeakMap<object, Batch>();

/** A settled unit's handle no longer defers work or coalesces (a caller that kept it acts at once). */
function forgetHandle(handle: object) {
  unitWork.delete(handle);
  unitEntry.delete(handle);
  unitBatch.delete(handle);
}

/** A call of a coalesced statement waiting for its batch's next flush. */
interface Load<K, R> {
  key: K;
  db: Executor;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

/** A statement that units side by side make alike: `one` for a key alone, `many` for several at once. */
interface Coalesced<K, R> {
  one(db: Executor, key: K): Promise<R>;
  many(db: Executor, keys: K[]): Promise<R[]>;
}

/**
 * A read or write that many units make alike (the room a message goes to, the message's insert),
 * sent to the database once for the units running side by side in a batch: the calls they make
 * before their next wait on the database go out together, as `many` with their keys in the order
 * of the calls, which answers one result per key in that order. Elsewhere (a unit alone, SQLite,
 * outside the writer) a call is `one` on its own. If `many` fails, every call of it fails (and
 * the batch runs again one unit at a time, where each call goes alone).
 */
export function coalesced<K, R>(
  one: (db: Executor, key: K) => Promise<R>,
  many: (db: Executor, keys: K[]) => Promise<R[]>,
): (db: Executor, key: K) => Promise<R> {
  const statement: Coalesced<K, R> = { one, many };
  const self = statement as unknown as Coalesced<never, unknown>;
  return (db, key) => {
    const batch = unitBatch.get(db);
    // Side by side only in the optimistic pass; once a unit failed, each runs alone.
    if (!batch || batch.failed || !unitEntry.get(db)?.alongside) return one(db, key);
    return new Promise<R>((resolve, reject) => {
      let waiting = batch.loads.get(self);
      if (!waiting) {
        waiting = [];
        batch.loads.set(self, waiting);
        // After the promise jobs queued now have run: the units side by side have each reached
        // their next statement by then.
        void Promise.resolve().then(() => process.nextTick(() => flush(batch, statement)));
      }
      waiting.push({ key, db, resolve, reject } as unknown as Load<never, unknown>);
    });
  };
}

function flush<K, R>(batch: Batch, statement: Coalesced<K, R>) {
  const self = statement as unknown as Coalesced<never, unknown>;
  const loads = (batch.loads.get(self) ?? []) as unknown as Array<Load<K, R>>;
  batch.loads.delete(self);
  const [first] = loads;
  if (!first) return;
  const done =
    loads.length === 1
      ? statement.one(first.db, first.key).then((r) => [r])
      : statement.many(
          first.db,
          loads.map((l) => l.key),
        );
  done.then(
    (results) => loads.forEach((l, i) => l.resolve(results[i] as R)),
    (error: unknown) => loads.forEach((l) => l.reject(error)),
  );
}

/**
 * Does `act` (something outside the database, such as taking a rate-limit token) once per unit,
 * however often the writer runs the unit: a second run gets the first run's promise. Outside a
 * writer unit it simply acts.
 */
export function oncePerUnit<T>(trx: Executor, key: string, act: () => Promise<T>): Promise<T> {
  const entry = unitEntry.get(trx);
  if (!entry) return act();
  let done = entry.once.get(key) as Promise<T> | undefined;
  if (!done) {
    done = act();
    entry.once.set(key, done);
  }
  return done;
}

/**
 * Leaves `value` for `task` at the end of the writer's batch, in the same transaction: committed
 * with the unit, dropped if the unit fails. Outside a writer batch the task runs at once.
 */
export async function deferToCommit<V>(trx: Executor, task: BatchTask<V>, value: V): Promise<void> {
  const work = unitWork.get(trx);
  if (!work) return task.run(trx, [value]);
  const key = task as BatchTask<never>;
  work.set(key, [...(work.get(key) ?? []), value]);
}
