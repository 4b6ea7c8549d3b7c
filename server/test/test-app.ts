import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type BuildOptions, type BuiltApp } from '../src/app';
import { loadConfig } from '../src/config/config';
import { connectRedis, type RedisClient } from '../src/lib/redis';
import { TestClient, uniqueName } from './http-client';

export type DialectName = 'sqlite' | 'postgres';

/** Every dialect the integration suites run on. PostgreSQL is required: CI has it. */
export const DIALECTS: DialectName[] = ['sqlite', 'postgres'];

export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestServer extends BuiltApp {
  baseUrl: string;
  close: () => Promise<void>;
}

/** A database of its own for one test server: a temp SQLite dir, or a fresh PostgreSQL schema. */
export async function createTestDatabase(
  dialect: DialectName,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studium-it-'));
    return { env: { DATA_DIR: dir }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  return {
    env: { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema },
    drop: async () => {
      const c = new pg.Client({ connectionString: POSTGRES_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

/**
 * Builds the real app on its own database and listens on a free loopback port, so tests talk
 * real HTTP. `env` overrides configuration (e.g. rate limits).
 */
export async function startTestServer(
  dialect: DialectName,
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestServer> {
  const database = await createTestDatabase(dialect);
  const server = await startServerOn(database.env, env, options);
  return {
    ...server,
    close: async () => {
      await server.close();
      await database.drop();
    },
  };
}

/** A server on an existing database (several servers may share one); `close` leaves the database. */
export async function startServerOn(
  databaseEnv: Record<string, string>,
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestServer> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    PORT: '0',
    LOGIN_RATE_LIMIT: '1000/100',
    REGISTER_RATE_LIMIT: '1000/100',
    LOGIN_FAILED_RATE_LIMIT: '1000/100',
    CONVERSATION_RATE_LIMIT: '1000/100',
    UPLOAD_RATE_LIMIT: '1000/100',
    SEARCH_RATE_LIMIT: '1000/100',
    ...databaseEnv,
    ...env,
  });
  const built = await buildApp(config, options);
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    ...built,
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      await built.app.close();
    },
  };
}

/** A test server with two signed-up users, the cast of most chat and profile suites. */
export async function startServerWithTwoUsers(dialect: DialectName) {
  const server = await startTestServer(dialect, {
    MESSAGE_RATE_LIMIT: '1000/100',
    REACTION_RATE_LIMIT: '1000/100',
  });
  const alice = new TestClient(server.baseUrl);
  const bob = new TestClient(server.baseUrl);
  const aliceName = await alice.signUp(uniqueName('alice'));
  const bobName = await bob.signUp(uniqueName('bob'));
  return { server, alice, bob, aliceName, bobName };
}

/** The two-user server of `startServerWithTwoUsers`, with a third signed-up user, Carol. */
export async function startServerWithThreeUsers(dialect: DialectName) {
  const cast = await startServerWithTwoUsers(dialect);
  const carol = new TestClient(cast.server.baseUrl);
  const carolName = await carol.signUp(uniqueName('carol'));
  return { ...cast, carol, carolName };
}

/** Deletes every Redis key under a test's prefix, then closes the client. */
export async function clearRedisPrefix(redis: RedisClient, prefix: string) {
  for await (const keys of redis.scanIterator({ MATCH: `${prefix}*` }))
    if (keys.length) await redis.del(keys);
  await redis.close();
}

/**
 * The scale-out setup in one process: two servers on one PostgreSQL schema and one Redis, under a
 * key prefix of their own. Started one after the other: the first migrates, the second finds it
 * done. `redis` is a client of the tests' own; `close` stops both and clears the prefix.
 */
export async function startServerPairOnRedis(tag: string) {
  const prefix = `studium:test:${tag}:${process.pid}:${Date.now()}:`;
  const database = await createTestDatabase('postgres');
  const env = { REDIS_URL, REDIS_PREFIX: prefix, MESSAGE_RATE_LIMIT: '1000/100' };
  const a = await startServerOn(database.env, env);
  const b = await startServerOn(database.env, env);
  const redis = await connectRedis(REDIS_URL, () => {});
  return {
    a,
    b,
    redis,
    prefix,
    close: async () => {
      await a.close();
      await b.close();
      await database.drop();
      await clearRedisPrefix(redis, prefix);
    },
  };
}
