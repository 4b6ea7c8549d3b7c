import { sql, type ControlledTransaction, type Kysely, type Transaction } from 'kysely';
import { rememberDialect, type DialectName } from './dialect';
import type { Database, Executor } from './schema';

/**
 * Runs units of writing work, each atomically; a unit's promise settles once its writes are
 * committed (or have failed), so callers publish only what is durable.
 */
export interface Writer {
  run<T>(unit: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  /** Resolves when nothing is left uncommitted (shutdown). */
  drain(): Promise<void>;
  /** Units queued or running, not yet settled (metrics). */
  depth(): number;
  /** The connections it writes on: the app's own on SQLite, a pool of its own on PostgreSQL. */
  readonly db: Kysely<Database>;
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

interface Batch {
  /** The batch's transaction, once open. */
  trx: Promise<ControlledTransaction<Database>>;
  /** Work the batch's committed units left for its end (deferToCommit), by task. */
  deferred: Map<BatchTask<never>, unknown[]>;
  /** Settles when every unit queued so far has run (units run one at a time). */
  tail: Promise<void>;
  units: number;
  /** The last unit's savepoint, still to be released (PostgreSQL releases it with the next one's start). */
  held: boolean;
  committed: Promise<void>;
  commit: () => void;
}

/**
 * Group commit. The first unit opens a transaction; units arriving before the event loop's next
 * turn (other sockets' frames read in the same poll) run in it too, one after another, each
 * inside its own savepoint, so a unit that throws is rolled back alone. The batch commits at the
 * next turn (setImmediate) or once it holds MAX_UNITS_PER_COMMIT units; every unit's promise
 * settles only after that commit.
 *
 * SQLite has one connection, so batches run one after another. On PostgreSQL the writer's pool
 * bounds how many run side by side; their units take row locks of rooms only at the batch's end
 * (deferToCommit), in ascending order, so two batches never wait on each other in a cycle. A
 * unit that still meets a deadlock or a serialization failure is rolled back to its savepoint
 * and run again, once.
 *
 * On PostgreSQL each statement is a round trip: a unit's savepoint is released by the statement
 * that opens the next one (`release savepoint unit; savepoint unit`, one simple query), and the
 * commit releases the last, so a unit costs one round trip more than its own queries.
 */
class GroupCommit implements Writer {
  private open: Batch | null = null;
  private readonly running = new Set<Promise<void>>();
  private pending = 0;

  constructor(
    readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  async run<T>(unit: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    const batch = this.open ?? this.begin();
    this.pending++;
    let settle!: (outcome: Outcome<T>) => void;
    const outcome = new Promise<Outcome<T>>((resolve) => (settle = resolve));
    batch.tail = batch.tail.then(async () => settle(await this.runUnit(batch, unit)));
    // A broken batch is dealt with at commit time (finish); until then its rejection is expected.
    batch.tail.catch(() => undefined);
    if (++batch.units >= MAX_UNITS_PER_COMMIT) this.close(batch);
    const settled = await batch.committed.then(
      () => outcome,
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

  private async runUnit<T>(
    batch: Batch,
    unit: (trx: Transaction<Database>) => Promise<T>,
    retried = false,
  ): Promise<Outcome<T>> {
    const trx = await batch.trx;
    await this.step(trx, batch.held ? ['release savepoint unit', 'savepoint unit'] : ['savepoint unit']);
    batch.held = true;
    const deferred = new Map<BatchTask<never>, unknown[]>();
    unitWork.set(trx, deferred);
    try {
      const value = await unit(trx);
      // SQLite releases at once (no round trip to save); PostgreSQL with the next unit's start.
      if (this.dialect === 'sqlite') {
        await this.step(trx, ['release savepoint unit']);
        batch.held = false;
      }
      for (const [task, values] of deferred)
        batch.deferred.set(task, [...(batch.deferred.get(task) ?? []), ...values]);
      return { ok: true, value };
    } catch (error) {
      await this.step(trx, ['rollback to savepoint unit', 'release savepoint unit']);
      batch.held = false;
      if (!retried && isLockConflict(error)) return this.runUnit(batch, unit, true);
      return { ok: false, error };
    } finally {
      unitWork.delete(trx);
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
      deferred: new Map(),
      tail: trx.then(() => undefined),
      units: 0,
      held: false,
      committed: Promise.resolve(),
      commit,
    };
    batch.committed = started.then(() => this.finish(batch));
    const tracked = batch.committed.catch(() => undefined).then(() => void this.running.delete(tracked));
    this.running.add(tracked);
    this.open = batch;
    setImmediate(() => this.close(batch));
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
    const trx = await batch.trx;
    try {
      if (broken) throw broken.err;
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

/** The deferred work of the unit running in a batch's transaction. */
const unitWork = new WeakMap<object, Map<BatchTask<never>, unknown[]>>();

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
