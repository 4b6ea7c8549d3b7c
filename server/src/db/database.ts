import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config/config';
import { rememberDialect, type DialectName } from './dialect';
import type { Database } from './schema';

// COUNT(*) and SUM() are int8 in PostgreSQL: read them as numbers, as SQLite does.
pg.types.setTypeParser(20, (value) => Number(value));

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  close: () => Promise<void>;
}

/** Opens SQLite under DATA_DIR, or PostgreSQL when DATABASE_URL is set. */
export function openDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseSchema'>): Db {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      ...(config.databaseSchema ? { options: `-c search_path=${config.databaseSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    rememberDialect(db, 'postgres');
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'studium.sqlite3');
  const sqlite = new SQLite(file);
  // WAL + NORMAL survives process crashes; foreign keys on; wait rather than fail when busy.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  rememberDialect(db, 'sqlite');
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
