// A PostgreSQL schema and a Redis key prefix of their own for one bench run, with the
// fan-out fixtures (users with sessions, public rooms) written straight into the database.
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { createClient } from 'redis';

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

async function createFixtures(client, users, rooms) {
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 86400_000).toISOString();
  const out = { users: [], rooms: [] };
  await client.query('begin');
  for (let i = 0; i < users; i++) {
    const username = `bench_${i}`;
    const { rows } = await client.query(
      "insert into users (username, username_lower, password_hash, is_bot, darkmode_enabled, onboarding_completed, created_at) values ($1, $1, 'x', 0, null, 1, $2) returning id",
      [username, now],
    );
    const token = randomBytes(32).toString('base64url');
    await client.query(
      'insert into sessions (token_hash, user_id, created_at, last_seen_at, expires_at) values ($1, $2, $3, $3, $4)',
      [sha256(token), rows[0].id, now, expires],
    );
    out.users.push({ cookie: `sessionid=${token}` });
  }
  for (let i = 0; i < rooms; i++) {
    const { rows } = await client.query(
      "insert into rooms (name, slug, path, parent_id, depth, kind, topic, description, is_bot_allowed, is_public_readable, is_write_gated, owner_id, message_count, last_message_at, created_at) values ($1, $2, $2, null, 0, 'public', '', '', 0, 1, 0, null, 0, null, $3) returning id",
      [`Bench room ${i}`, `bench-${i}`, now],
    );
    out.rooms.push(rows[0].id);
  }
  await client.query('commit');
  return out;
}

/**
 * Opens the target; `env` points a server at it. The schema is empty until a server has
 * migrated it, so createFixtures(users, rooms) runs after the first server is up.
 */
export async function openPgTarget() {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const schema = `bench_${process.pid}_${Date.now()}`;
  const prefix = `studium:bench:${process.pid}:${Date.now()}:`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  return {
    env: { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema, REDIS_URL: redisUrl, REDIS_PREFIX: prefix },
    createFixtures: async (users, rooms) => {
      await admin.query(`set search_path = ${schema}`);
      return createFixtures(admin, users, rooms);
    },
    /** Stored messages in the schema (the lost-message check). */
    countMessages: async () => Number((await admin.query('select count(*) as n from messages')).rows[0].n),
    close: async () => {
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
      const redis = createClient({ url: redisUrl });
      await redis.connect();
      for await (const keys of redis.scanIterator({ MATCH: `${prefix}*` }))
        if (keys.length) await redis.del(keys);
      await redis.close();
    },
  };
}
