import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import pg from 'pg';
import type { Config } from '../config/config';
import { rememberDialect, type DialectName } from './dialect';
import { OwnSchemaPostgresDialect } from './own-schema-introspector';
import { PreparingClient } from './prepared-client';
import type { Database } from './schema';
import { createWriter, type Writer } from './writer';

// COUNT(*) and SUM() are int8 in PostgreSQL: read them as numbers, as SQLite does.
pg.types.setTypeParser(20, (value) => Number(value));

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Transactions of the busy write paths (see writer.ts). */
  writer: Writer;
  /** PostgreSQL's connection pool (metrics); absent on SQLite. */
  pool?: pg.Pool;
  close: () => Promise<void>;
}

// A PostgreSQL that is down or restarting makes requests fail (at once when it refuses
// connections, within seconds when it does not answer) instead of hanging: the error handler
// answers 503, and the pool replaces broken connections by itself. The connect timeout also
// bounds the wait for a free pool connection, so it leaves room for bursts.
const PG_CONNECT_TIMEOUT_MS = 10_000;
const PG_STATEMENT_TIMEOUT_MS = 15_000;
/** Connections for reads and the few writes outside the writer (bench: docs/benchmarks.md). */
const PG_READ_CONNECTIONS = Number(process.env.PG_READ_CONNECTIONS ?? 10);
/**
 * Batches the writer runs at once (writer.ts). Two: one runs while the next gathers the units
 * that arrive meanwhile; more connections made more, smaller batches, and the 50 × 20 fan-out's
 * capacity fell from 2,333 to 1,866 msgs/s with four and eight (docs/benchmarks.md).
 */
const PG_WRITER_CONNECTIONS = Number(process.env.PG_WRITER_CONNECTIONS ?? 2);

/** Opens SQLite under DATA_DIR, or PostgreSQL when DATABASE_URL is set. */
export function openDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseSchema'>,
  onPoolError: (err: unknown) => void = () => {},
): Db {
  if (config.databaseUrl) {
    const options: pg.PoolConfig = {
      connectionString: config.databaseUrl,
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      statement_timeout: PG_STATEMENT_TIMEOUT_MS,
      query_timeout: PG_STATEMENT_TIMEOUT_MS + 1_000,
      ...(config.databaseSchema ? { options: `-c search_path=${config.databaseSchema}` } : {}),
    };
    const pool = new pg.Pool({ ...options, max: PG_READ_CONNECTIONS, Client: PreparingClient });
    // The writer's batches run side by side on connections of their own, never queued behind reads.
    const writerPool = new pg.Pool({ ...options, max: PG_WRITER_CONNECTIONS, Client: PreparingClient });
    // An idle connection killed by a server restart emits here; unhandled, it would end the process.
    pool.on('error', onPoolError);
    writerPool.on('error', onPoolError);
    const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
    rememberDialect(db, 'postgres');
    const writerDb = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool: writerPool }) });
    rememberDialect(writerDb, 'postgres');
    const writer = createWriter(writerDb, 'postgres');
    const close = async () => {
      await writer.drain();
      await writerDb.destroy();
      await db.destroy();
    };
    return { db, dialect: 'postgres', writer, pool, close };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'studium.sqlite3');
  const sqlite = new SQLite(file);
  // WAL + NORMAL survives process crashes; foreign keys on; wait rather than fail when busy.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Freed pages are zeroed: a deleted message's text does not linger in the file (docs/chat.md).
  sqlite.pragma('secure_delete = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  rememberDialect(db, 'sqlite');
  const writer = createWriter(db, 'sqlite');
  return {
    db,
    dialect: 'sqlite',
    writer,
    close: async () => {
      await writer.drain();
      await db.destroy();
    },
  };
}

const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely prepares every query anew, and preparing cost more than running the query on the send
 * path (bench profile: 17 % vs 10 %). Statements are reused by SQL text, least recently used
 * dropped first; safe because better-sqlite3 runs a statement to completion synchronously.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      return statement;
    },
  };
}
