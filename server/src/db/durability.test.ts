import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../test/cluster';
import { TestClient, uniqueName } from '../../test/http-client';
import { createTestDatabase, DIALECTS, POSTGRES_URL, REDIS_URL } from '../../test/test-app';
import { openReadySocket, type Frame, type TestSocket } from '../../test/ws-client';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SENDERS = 8;
const IN_FLIGHT = 4;
// The per-socket frame budget is 120 a minute: each socket stays under it.
const MAX_PER_SOCKET = 100;
const KILL_AFTER_ACKS = 150;

async function startServerProcess(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; baseUrl: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'server/dist/main.js')], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    const ok = await fetch(`${baseUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, baseUrl };
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function storedIds(dialect: string, env: Record<string, string>, ids: number[]): Promise<Set<number>> {
  if (dialect === 'sqlite') {
    const db = new SQLite(path.join(env.DATA_DIR!, 'studium.sqlite3'), { readonly: true });
    try {
      const rows = db.prepare('select id from messages').all() as Array<{ id: number }>;
      return new Set(rows.map((r) => r.id).filter((id) => ids.includes(id)));
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(`set search_path = ${env.DATABASE_SCHEMA}`);
    const { rows } = await client.query<{ id: number }>('select id from messages where id = any($1::int[])', [
      ids,
    ]);
    return new Set(rows.map((r) => Number(r.id)));
  } finally {
    await client.end();
  }
}

/**
 * A message is acknowledged when its author's socket receives it back (with its client_id): that
 * happens only after its commit. The server process is killed with SIGKILL in the middle of a
 * burst of sends, with no chance to drain; every acknowledged message must be stored.
 */
describe.each(DIALECTS)('acknowledged messages survive a crash (%s)', (dialect) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('stores every message whose echo reached its author before the process was killed', async () => {
    // The test runs the built server as an operator does; the build does nothing when it is fresh.
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'ignore' });
    const database = await createTestDatabase(dialect);
    cleanups.push(database.drop);
    const env: Record<string, string> = {
      ...database.env,
      ...(dialect === 'postgres' ? { REDIS_URL, REDIS_PREFIX: `studium:crash:${uniqueName('p')}:` } : {}),
      SEED_DEMO: '0',
      LOG_LEVEL: 'silent',
      MESSAGE_RATE_LIMIT: '1000000/1000000',
      REGISTER_RATE_LIMIT: '1000/100',
      LOGIN_RATE_LIMIT: '1000/100',
      LOGIN_FAILED_RATE_LIMIT: '1000/100',
      CONVERSATION_RATE_LIMIT: '1000/100',
      WEB_DIST: path.join(os.tmpdir(), 'studium-no-web'),
    };
    const { child, baseUrl } = await startServerProcess(env);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    cleanups.push(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    });

    const clients = Array.from({ length: SENDERS }, () => new TestClient(baseUrl));
    const names = [];
    for (const client of clients) names.push(await client.signUp(uniqueName('crash')));
    const created = await clients[0]!.post('/api/dms/groups/', { name: 'Crash', usernames: names.slice(1) });
    const room = (created.json as { room: number }).room;
    const sockets: TestSocket[] = [];
    for (const client of clients) sockets.push(await openReadySocket(baseUrl, client, room));

    const acked = new Set<number>();
    let sent = 0;
    let reachedKillPoint!: () => void;
    const killPoint = new Promise<void>((resolve) => (reachedKillPoint = resolve));
    sockets.forEach((socket, s) => {
      let seq = 0;
      const sendNext = () => {
        if (seq >= MAX_PER_SOCKET) return;
        sent++;
        socket.send({ action: 'send_message', message: `burst ${s}.${seq}`, client_id: `c${s}-${seq++}` });
      };
      socket.ws.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as Frame;
        if (frame.type !== 'message' || typeof frame.client_id !== 'string') return;
        acked.add(frame.id as number);
        if (acked.size >= KILL_AFTER_ACKS) reachedKillPoint();
        sendNext();
      });
      for (let i = 0; i < IN_FLIGHT; i++) sendNext();
    });
    await killPoint;
    child.kill('SIGKILL');
    await exited;
    const acknowledged = [...acked];
    // Sends were still in flight when it died: the kill came in the middle of the burst.
    expect(sent).toBeGreaterThan(acknowledged.length);
    const stored = await storedIds(dialect, env, acknowledged);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
  }, 180_000);
});
