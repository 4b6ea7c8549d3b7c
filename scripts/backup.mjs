// `npm run backup [file]`: a consistent copy of the SQLite database, taken with SQLite's online
// backup API while the server keeps serving (default: data/backups/studium-<time>.sqlite3). On
// PostgreSQL use pg_dump instead (docs/operations.md).
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ROOT } from './lib.mjs';

if (process.env.DATABASE_URL) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see docs/operations.md).');
  process.exit(2);
}
const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? 'data');
const source = path.join(dataDir, 'studium.sqlite3');
if (!fs.existsSync(source)) {
  console.error(`No database at ${source} (DATA_DIR).`);
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = path.resolve(process.argv[2] ?? path.join(dataDir, 'backups', `studium-${stamp}.sqlite3`));
if (fs.existsSync(target)) {
  console.error(`${target} exists already.`);
  process.exit(1);
}
fs.mkdirSync(path.dirname(target), { recursive: true });

const started = performance.now();
const db = new Database(source, { fileMustExist: true });
// Copies page by page; pages written meanwhile by the server are copied again, so the result is
// the database as of one moment (the last step runs under a read lock).
db.pragma('busy_timeout = 5000');
await db.backup(`${target}.partial`);
db.close();
const copy = new Database(`${target}.partial`, { readonly: true });
const integrity = copy.pragma('integrity_check', { simple: true });
copy.close();
if (integrity !== 'ok') {
  fs.rmSync(`${target}.partial`, { force: true });
  console.error(`The copy failed its integrity check: ${integrity}`);
  process.exit(1);
}
fs.renameSync(`${target}.partial`, target);
fs.chmodSync(target, 0o600);
const mb = (fs.statSync(target).size / 1048576).toFixed(1);
console.log(`Backed up ${source} to ${target} (${mb} MB, ${Math.round(performance.now() - started)} ms)`);
