import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { TestClient } from './http-client';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PG_BIN = '/usr/lib/postgresql/15/bin';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves once `child`'s output contains a line matching `pattern` (its match), or rejects. */
function waitForLine(
  child: ChildProcess,
  output: { text: string },
  pattern: RegExp,
  timeoutMs: number,
): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(output.text);
      if (!match) return false;
      cleanup();
      resolve(match);
      return true;
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`exited with ${code} before printing ${pattern}:\n${output.text.slice(-3000)}`));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${output.text.slice(-3000)}`));
    }, timeoutMs);
    const interval = setInterval(check, 50);
    const cleanup = () => {
      clearTimeout(timer);
      clearInterval(interval);
      child.off('exit', onExit);
    };
    child.on('exit', onExit);
    check();
  });
}

export interface Cluster {
  baseUrl: string;
  /** The server processes' own ports (for observing them; tests drive the cluster through nginx). */
  ports: number[];
  output: { text: string };
  /** SIGHUP: restarts the processes one at a time; resolves with the cluster's own timing line. */
  rollingRestart: () => Promise<string>;
  stop: () => Promise<void>;
}

async function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * `count` consecutive free ports, below the kernel's ephemeral range (32768 and up), so that no
 * outgoing connection of a concurrent test takes one of them between this check and the listen.
 */
async function freePortRange(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 10_000);
    const ports = Array.from({ length: count }, (_, i) => base + i);
    if ((await Promise.all(ports.map(canListen))).every(Boolean)) return base;
  }
  throw new Error(`no ${count} consecutive free ports`);
}

/** `npm run cluster` exactly as an operator runs it, on the given database and Redis. */
export async function startCluster(env: Record<string, string>, processes = 3): Promise<Cluster> {
  const port = await freePort();
  // The script numbers its processes from --base-port: consecutive free ports.
  const basePort = await freePortRange(processes);
  const child = spawn(
    'bash',
    [
      path.join(ROOT, 'scripts/bootstrap.sh'),
      'cluster',
      '--processes',
      String(processes),
      '--port',
      String(port),
      '--base-port',
      String(basePort),
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        SEED_DEMO: '1',
        MESSAGE_RATE_LIMIT: '1000/100',
        REACTION_RATE_LIMIT: '1000/100',
        LOGIN_RATE_LIMIT: '1000/100',
        REGISTER_RATE_LIMIT: '1000/100',
        CONVERSATION_RATE_LIMIT: '1000/100',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output = { text: '' };
  child.stdout!.on('data', (d: Buffer) => (output.text += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output.text += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForLine(
      child,
      output,
      /Studium cluster is running at (\S+) \(processes on ports ([\d, ]+);/,
      150_000,
    );
  } catch (err) {
    child.kill('SIGTERM');
    throw err;
  }
  const used = Array.from({ length: processes }, (_, i) => basePort + i);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    ports: used,
    output,
    rollingRestart: async () => {
      const from = output.text.length;
      child.kill('SIGHUP');
      const sub = { text: '' };
      const poll = setInterval(() => (sub.text = output.text.slice(from)), 50);
      try {
        return (await waitForLine(child, sub, /rolling restart done in [\d.]+ s/, 120_000))[0];
      } finally {
        clearInterval(poll);
      }
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Room sockets open on each process, read from the processes' own /metrics (loopback). */
export async function roomSocketsPerProcess(ports: number[]): Promise<number[]> {
  return Promise.all(
    ports.map(async (p) => {
      const text = await (await fetch(`http://127.0.0.1:${p}/metrics`)).text();
      return Number(/^studium_open_sockets\{kind="room"\} (\d+)$/m.exec(text)?.[1] ?? NaN);
    }),
  );
}

/**
 * A PostgreSQL of the test's own (initdb into a temp dir, a free port), so a fault test can stop
 * and restart it without touching the shared one. Run as the `postgres` user when we are root.
 */
export async function startPrivatePostgres() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studium-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  const run = (args: string[]) => {
    const [cmd, ...rest] = asRoot ? ['runuser', '-u', 'postgres', '--', ...args] : args;
    const res = spawnSync(cmd!, rest, { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${args.join(' ')} failed: ${res.stderr}${res.stdout}`);
  };
  run([`${PG_BIN}/initdb`, '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const pgCtl = (action: 'start' | 'stop') =>
    run([
      `${PG_BIN}/pg_ctl`,
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      ...(action === 'start'
        ? ['-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`]
        : ['-m', 'fast']),
      action,
    ]);
  pgCtl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => pgCtl('start'),
    stop: () => pgCtl('stop'),
    destroy: () => {
      try {
        pgCtl('stop');
      } catch {
        /* already stopped */
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A Redis of the test's own on a free port, without persistence; `stop` and `start` again. */
export async function startPrivateRedis() {
  const port = await freePort();
  let server: ChildProcess | null = null;
  const start = async () => {
    server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    for (let i = 0; i < 100; i++) {
      const up = await new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.destroy();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      });
      if (up) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('redis-server did not start');
  };
  const stop = async () => {
    const running = server;
    server = null;
    if (!running || running.exitCode !== null) return;
    const gone = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await gone;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}

interface MessageFrame {
  type: string;
  id: number;
  message?: string;
  client_id?: string;
}

/**
 * A room socket that behaves like the web app's: reconnects 3 s after any close but 4001/4003,
 * and after a reconnect fetches the latest history page (catch-up). Records every message id it
 * saw and its longest time without an open socket.
 */
export class ReconnectingRoomSocket {
  readonly seen = new Set<number>();
  readonly acked = new Map<string, number>();
  longestGapMs = 0;
  reconnects = 0;
  private ws: WebSocket | null = null;
  private closedAt: number | null = null;
  private stopped = false;
  private opened!: Promise<void>;

  constructor(
    private readonly baseUrl: string,
    private readonly client: TestClient,
    private readonly room: number,
  ) {
    this.connect(false);
  }

  ready() {
    return this.opened;
  }

  private connect(isReconnect: boolean) {
    const url = `${this.baseUrl.replace(/^http/, 'ws')}/ws/room/${this.room}/`;
    const ws = new WebSocket(url, { headers: { cookie: this.client.cookieHeader, origin: this.baseUrl } });
    this.ws = ws;
    this.opened = new Promise((resolve) => ws.once('open', () => resolve()));
    ws.on('open', () => {
      if (this.closedAt !== null) this.longestGapMs = Math.max(this.longestGapMs, Date.now() - this.closedAt);
      this.closedAt = null;
      if (isReconnect) {
        this.reconnects++;
        void this.catchUp();
      }
    });
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as MessageFrame;
      if (frame.type !== 'message') return;
      this.seen.add(frame.id);
      if (frame.client_id) this.acked.set(frame.client_id, frame.id);
    });
    ws.on('error', () => undefined);
    ws.on('close', (code) => {
      if (this.ws !== ws) return;
      this.closedAt ??= Date.now();
      if (this.stopped || code === 4001 || code === 4003) return;
      setTimeout(() => this.connect(true), 3000);
    });
  }

  private async catchUp() {
    const res = await this.client.get(`/api/rooms/${this.room}/messages/`);
    const messages = (res.json?.messages ?? []) as Array<{ id: number }>;
    for (const m of messages) this.seen.add(m.id);
  }

  get isOpen() {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  send(frame: object): boolean {
    if (!this.isOpen) return false;
    this.ws!.send(JSON.stringify(frame));
    return true;
  }

  close() {
    this.stopped = true;
    this.ws?.close();
  }
}
