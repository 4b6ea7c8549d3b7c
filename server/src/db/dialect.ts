import { sql, type ColumnDefinitionBuilder, type RawBuilder } from 'kysely';

/** The two engines behind the one Kysely code path. */
export type DialectName = 'sqlite' | 'postgres';

/**
 * The few dialect differences live here and nowhere else.
 * Booleans are stored as 0/1 integers on both engines; times as ISO strings.
 */
export const toDbBool = (value: boolean): number => (value ? 1 : 0);
export const fromDbBool = (value: number | null | undefined): boolean => value === 1;
export const fromNullableDbBool = (value: number | null | undefined): boolean | null =>
  value === null || value === undefined ? null : value === 1;

/** Current time as the ISO 8601 UTC string every table stores. */
export const nowIso = (): string => new Date().toISOString();

/** An auto-increment integer primary key on either engine. */
export function idColumn(dialect: DialectName) {
  return (col: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? col.primaryKey().generatedByDefaultAsIdentity()
      : col.primaryKey().autoIncrement();
}

/** Escapes LIKE wildcards in user input (used with `escape '\'`). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Which engine a Kysely instance or transaction talks to: recorded when the database is opened and by the writer. */
const dialectOf = new WeakMap<object, DialectName>();
export const rememberDialect = (db: object, dialect: DialectName) => dialectOf.set(db, dialect);
export function getDialect(db: object): DialectName {
  const dialect = dialectOf.get(db);
  if (!dialect)
    throw new Error(
      'unknown database handle: open it with openDatabase, or use the transaction ctx.writer gives',
    );
  return dialect;
}

/**
 * `column IN (ids)`. On PostgreSQL the ids go as one array parameter (`= any($1::int[])`): the
 * statement's text is the same for any number of ids, so it is prepared once, and a fan-out's
 * thousand recipients are one value to bind rather than a thousand placeholders to parse and plan.
 * SQLite binds each id, as `in` does.
 */
export function idIn(db: object, column: string, ids: readonly number[]): RawBuilder<boolean> {
  if (getDialect(db) === 'postgres') return sql<boolean>`${sql.ref(column)} = any(${[...ids]}::int[])`;
  return ids.length === 0 ? sql<boolean>`0 = 1` : sql<boolean>`${sql.ref(column)} in (${sql.join([...ids])})`;
}

/** The UTC day of an ISO time, 'YYYY-MM-DD' (rankings' "today"). */
export const utcDay = (iso: string): string => iso.slice(0, 10);

/** A unique-constraint violation on either engine (SQLite: SQLITE_CONSTRAINT_UNIQUE; PostgreSQL: 23505). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** A binary column on either engine (SQLite BLOB, PostgreSQL BYTEA); both drivers read it as a Buffer. */
export const blobType = (dialect: DialectName) => (dialect === 'postgres' ? 'bytea' : 'blob');

/**
 * A row lock for the rest of the transaction on PostgreSQL (`for update`). SQLite has no row
 * locks and needs none: its writer runs one unit at a time.
 */
export const forUpdate = <Q extends { forUpdate(): Q }>(db: object, query: Q): Q =>
  getDialect(db) === 'postgres' ? query.forUpdate() : query;
