// `npm run restore <file>`: checks a backup, then puts it in place of the SQLite database. Stop
// the server first. Nothing is replaced unless the file passes SQLite's integrity check and holds
// this version's migrations table with no migration this version does not know; the database
// it replaces is kept next to it (studium.sqlite3.before-restore-<time>).
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ROOT } from './lib.mjs';

function fail(message) {
  console.error(`Not restored: ${message}`);
  process.exit(1);
}

const file = process.argv[2];
if (!file) fail('usage: npm run restore -- <backup file>');
if (process.env.DATABASE_URL)
  fail('DATABASE_URL is set: restore PostgreSQL with pg_restore or psql (see docs/operations.md).');
const backup = path.resolve(file);
if (!fs.existsSync(backup)) fail(`${backup} does not exist.`);

/** Migration names this version knows (server/src/db/migrations/NNNN-name.ts). */
const known = new Set(
  fs
    .readdirSync(path.join(ROOT, 'server/src/db/migrations'))
    .filter((name) => /^\d{4}-.+\.ts$/.test(name) && !name.endsWith('.test.ts'))
    .map((name) => name.replace(/\.ts$/, '')),
);

let db;
try {
  db = new Database(backup, { readonly: true, fileMustExist: true });
  const integrity = db.pragma('integrity_check', { simple: true });
  if (integrity !== 'ok') fail(`the integrity check failed: ${integrity}`);
} catch (err) {
  fail(`not a readable SQLite database (${err.message})`);
}
const hasTable = db
  .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
  .get();
if (!hasTable) fail('no migrations table (kysely_migration): not a Studium database.');
const applied = db
  .prepare('select name from kysely_migration order by name')
  .all()
  .map((row) => row.name);
db.close();
if (applied.length === 0) fail('the migrations table is empty.');
const unknown = applied.filter((name) => !known.has(name));
if (unknown.length > 0) fail(`made by a newer version (migrations ${unknown.join(', ')}): upgrade first.`);

const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? 'data');
const target = path.join(dataDir, 'studium.sqlite3');
fs.mkdirSync(dataDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
// Copied beside the target first, then renamed: the database is never half written.
fs.copyFileSync(backup, `${target}.restoring`);
if (fs.existsSync(target)) {
  // The WAL and shared-memory files belong to the old database: they move with it.
  for (const suffix of ['', '-wal', '-shm']) {
    if (fs.existsSync(target + suffix))
      fs.renameSync(target + suffix, `${target}.before-restore-${stamp}${suffix}`);
  }
  console.log(`Kept the previous database as ${target}.before-restore-${stamp}`);
}
fs.renameSync(`${target}.restoring`, target);
console.log(`Restored ${backup} to ${target} (migrations ${applied.at(-1)}); start the server.`);
