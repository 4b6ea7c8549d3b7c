// Bench data written straight into the server's SQLite file (WAL: the server keeps running):
// users with ready sessions (no password hashing), rooms, memberships, and bulk history.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { freePort, startChild } from './lib.mjs';

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

export function openDb(dataDir) {
  const db = new Database(path.join(dataDir, 'studium.sqlite3'));
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 10000');
  return db;
}

/** `count` users, each with a session; returns [{id, username, cookie}]. */
export function createUsers(db, count, prefix = 'bench') {
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 86400_000).toISOString();
  const insertUser = db.prepare(
    "insert into users (username, username_lower, password_hash, is_bot, darkmode_enabled, onboarding_completed, created_at) values (?, ?, 'x', 0, null, 1, ?) returning id",
  );
  const insertSession = db.prepare(
    'insert into sessions (token_hash, user_id, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, ?)',
  );
  const users = [];
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const username = `${prefix}_${i}`;
      const { id } = insertUser.get(username, username, now);
      const token = randomBytes(32).toString('base64url');
      insertSession.run(sha256(token), id, now, now, expires);
      users.push({ id, username, cookie: `sessionid=${token}` });
    }
  })();
  return users;
}

/** `count` public tree rooms (not write-gated, so writers need not join); returns their ids. */
export function createRooms(db, count, prefix = 'bench', parentId = null, depth = 0) {
  const now = new Date().toISOString();
  const insert = db.prepare(
    "insert into rooms (name, slug, path, parent_id, depth, kind, topic, description, is_bot_allowed, is_public_readable, is_write_gated, owner_id, message_count, last_message_at, created_at) values (?, ?, ?, ?, ?, 'public', '', '', 0, 1, 0, null, 0, null, ?) returning id",
  );
  const ids = [];
  db.transaction(() => {
    for (let i = 0; i < count; i++)
      ids.push(
        insert.get(`Bench ${prefix} ${i}`, `${prefix}-${i}`, `${prefix}-${i}`, parentId, depth, now).id,
      );
  })();
  return ids;
}

/**
 * Appends `count` messages spread over `roomIds` (batched inserts in transactions of 50k rows),
 * a reaction on every tenth, and keeps the rooms' counters right.
 */
export function seedHistory(db, roomIds, userIds, count) {
  const insertMessage = db.prepare(
    'insert into messages (room_id, user_id, content, reply_to, client_id, created_at, edited_at, edit_count) values (?, ?, ?, null, null, ?, null, 0)',
  );
  const insertReaction = db.prepare(
    "insert or ignore into reactions (message_id, user_id, emoji, created_at) values (?, ?, '👍', ?)",
  );
  const bump = db.prepare(
    'update rooms set message_count = message_count + ?, last_message_at = ? where id = ?',
  );
  const at = new Date().toISOString();
  const perRoom = new Map();
  const BATCH = 50_000;
  for (let done = 0; done < count; done += BATCH) {
    db.transaction(() => {
      for (let i = done; i < Math.min(count, done + BATCH); i++) {
        const room = roomIds[i % roomIds.length];
        const { lastInsertRowid } = insertMessage.run(
          room,
          userIds[i % userIds.length],
          `Bench message ${i}: the quick brown fox jumps over the lazy dog.`,
          at,
        );
        if (i % 10 === 0) insertReaction.run(lastInsertRowid, userIds[(i + 1) % userIds.length], at);
        perRoom.set(room, (perRoom.get(room) ?? 0) + 1);
      }
    })();
  }
  db.transaction(() => {
    for (const [room, n] of perRoom) bump.run(n, at, room);
  })();
  perRoom.clear();
}

/**
 * Indexes for search every message written straight into the database, at once, as the server's
 * own indexer would in batches behind the writes (server/src/features/search/search.backlog.ts):
 * a bench that measures afterwards must not meet the indexer still at work.
 */
export function indexSearchBacklog(db) {
  // Immediate: the server's own indexer may be writing; waiting for its lock (busy_timeout) beats
  // a read transaction that cannot become a write one (SQLITE_BUSY).
  const index = db.transaction(() => {
    const { upto } = db.prepare('select indexed_upto as upto from search_progress where id = 1').get();
    const { last } = db.prepare('select coalesce(max(id), ?) as last from messages').get(upto);
    db.prepare(
      'insert into messages_fts(rowid, content) select id, content from messages where id > ? and id <= ?',
    ).run(upto, last);
    db.prepare('update search_progress set indexed_upto = ? where id = 1').run(last);
  });
  index.immediate();
}

/** Folds the write-ahead log back into the database, as the server's own checkpoints would over time. */
export function checkpoint(db) {
  db.pragma('wal_checkpoint(TRUNCATE)');
}

export function countMessages(db) {
  return db.prepare('select count(*) as n from messages').get().n;
}

/**
 * A bench run alone (`node bench/<name>.mjs`): the built server on SQLite in a temp directory, no
 * demo data and no web build, `env` added; `run({base, db, server})` measures, then all is removed.
 * `script` is the server to start (another build's `main.js` to compare with); the built one by default.
 * @returns what `run` returns
 */
export async function withAloneServer(name, env, run, script = undefined) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `studium-bench-${name}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startChild(
    script ?? path.join(root, 'server/dist/main.js'),
    {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...env,
    },
    `${base}/api/session/`,
  );
  const db = openDb(dataDir);
  try {
    return await run({ base, db, server });
  } finally {
    db.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
