import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { getDialect, type DialectName } from './dialect';
import type { Database, Executor } from './schema';

const MAX_ARGS = 16;

/** Stands for the query's i-th argument while the query is built. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query built and compiled once per engine, then run with each call's values. Kysely builds
 * and compiles every query anew; on the send path that cost more than SQLite running the
 * statements (docs/benchmarks.md). `build` gets one placeholder per argument and must use each
 * only as a value (compared, inserted, set), never in JavaScript logic: the same SQL serves
 * every call. The SQL text is the same string each time, so the statement cache finds it at once.
 */
export function compiledOnce<Args extends unknown[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Executor, ...args: Args) => Promise<Row[]> {
  const compiled = new Map<DialectName, CompiledQuery<Row>>();
  return async (db, ...args) => {
    const dialect = getDialect(db);
    let query = compiled.get(dialect);
    if (!query) {
      const slots = Array.from({ length: MAX_ARGS }, (_, i) => new Slot(i)) as unknown as Args;
      query = build(db as Kysely<Database>, ...slots).compile();
      compiled.set(dialect, query);
    }
    const parameters = query.parameters.map((value) => (value instanceof Slot ? args[value.index] : value));
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}
