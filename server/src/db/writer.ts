import type { ControlledTransaction, Kysely, Transaction } from 'kysely';
import { rememberDialect, type DialectName } from './dialect';
import type { Database } from './schema';

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
}

/** Most units one commit carries; a fuller batch commits at once. */
const MAX_UNITS_PER_COMMIT = 64;

/**
 * PostgreSQL: one transaction per unit (the pool runs them side by side). SQLite has one writer
 * and pays most of a chat message's cost in its commit (docs/benchmarks.md), so there units
 * share commits: see GroupCommit.
 */
export function createWriter(db: Kysely<Database>, dialect: DialectName): Writer {
  if (dialect === 'postgres') {
    const running = new Set<Promise<unknown>>();
    return {
      run: (unit) => {
        const done = db.transaction().execute((trx) => {
          rememberDialect(trx, 'postgres');
          return unit(trx);
        });
        const tracked: Promise<unknown> = done.then(
          () => running.delete(tracked),
          () => running.delete(tracked),
        );
        running.add(tracked);
        return done;
      },
      // Shutdown waits for the transactions already started, so an acknowledged write is never cut off.
      drain: async () => {
        await Promise.all(running);
      },
      depth: () => running.size,
    };
  }
  return new GroupCommit(db);
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

interface Batch {
  /** The batch's transaction, once open. */
  trx: Promise<ControlledTransaction<Database>>;
  /** Settles when every unit queued so far has run (units run one at a time). */
  tail: Promise<void>;
  units: number;
  committed: Promise<void>;
  commit: () => void;
}

/**
 * Group commit. The first unit opens a transaction; units arriving before the event loop's next
 * turn (other sockets' frames read in the same poll) run in it too, one after another, each
 * inside its own savepoint, so a unit that throws is rolled back alone. The batch commits at the
 * next turn (setImmediate) or once it holds MAX_UNITS_PER_COMMIT units; every unit's promise
 * settles only after that commit. Other queries wait for the connection meanwhile, as they wait
 * for any SQLite transaction, at most one turn of the event loop.
 */
class GroupCommit implements Writer {
  private open: Batch | null = null;
  private last: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(private readonly db: Kysely<Database>) {}

  async run<T>(unit: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    const batch = this.open ?? this.begin();
    this.pending++;
    let settle!: (outcome: Outcome<T>) => void;
    const outcome = new Promise<Outcome<T>>((resolve) => (settle = resolve));
    batch.tail = batch.tail.then(async () => {
      const trx = await batch.trx;
      const savepoint = await trx.savepoint('unit').execute();
      rememberDialect(savepoint, 'sqlite');
      try {
        const value = await unit(savepoint);
        await savepoint.releaseSavepoint('unit').execute();
        settle({ ok: true, value });
      } catch (error) {
        await savepoint.rollbackToSavepoint('unit').execute();
        await savepoint.releaseSavepoint('unit').execute();
        settle({ ok: false, error });
      }
    });
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

  drain(): Promise<void> {
    if (this.open) this.close(this.open);
    return this.last;
  }

  depth(): number {
    return this.pending;
  }

  private begin(): Batch {
    let commit!: () => void;
    const started = new Promise<void>((resolve) => (commit = resolve));
    const trx = this.db.startTransaction().execute();
    const batch: Batch = {
      trx,
      tail: trx.then(() => undefined),
      units: 0,
      committed: Promise.resolve(),
      commit,
    };
    batch.committed = started.then(() => this.finish(batch));
    this.last = batch.committed.catch(() => undefined);
    this.open = batch;
    setImmediate(() => this.close(batch));
    return batch;
  }

  private close(batch: Batch) {
    if (this.open === batch) this.open = null;
    batch.commit();
  }

  // Runs once every queued unit has. If the savepoint bookkeeping itself failed, or the commit
  // does, the whole batch is rolled back and every unit of it fails: the connection is never
  // left inside an open transaction.
  private async finish(batch: Batch): Promise<void> {
    const broken = await batch.tail.then(
      () => undefined,
      (err: unknown) => ({ err }),
    );
    const trx = await batch.trx;
    try {
      if (broken) throw broken.err;
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
