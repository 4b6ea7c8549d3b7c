// A private server process for tests that must stop and restart the server (the shared e2e
// server must keep running for the other specs). Same database (DATA_DIR) across restarts.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Browser } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export class ServerProcess {
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studium-e2e-restart-'));
  private child: ChildProcess | null = null;

  /** `webDist`: the web build to serve (a test may serve a copy it changes); `env`: more settings. */
  constructor(
    readonly port: number,
    readonly webDist = path.join(root, 'web', 'dist'),
    readonly env: Record<string, string> = {},
  ) {}

  get baseURL(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn(process.execPath, [path.join(root, 'server', 'dist', 'main.js')], {
      cwd: root,
      stdio: 'ignore',
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT: '10000/1000',
        REGISTER_RATE_LIMIT: '10000/1000',
        WEB_DIST: this.webDist,
        ...this.env,
      },
    });
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`server exited with ${this.child.exitCode}`);
      try {
        const res = await fetch(`${this.baseURL}/api/session/`);
        if (res.ok) return;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('server did not start in 30 s');
  }

  /** The password of a seeded demo account (the server writes them to DATA_DIR on first start). */
  demoPassword(username: string): string {
    const text = fs.readFileSync(path.join(this.dataDir, 'demo-accounts.txt'), 'utf8');
    const line = text.split('\n').find((l) => l.trim().split(/\s+/)[0] === username);
    const password = line?.trim().split(/\s+/)[1];
    if (!password) throw new Error(`no demo password for ${username}`);
    return password;
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }

  async dispose(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/**
 * A page of its own on `server`, with the console errors and page errors it logs, but for those
 * matching `expected`. While a server is down the browser logs its failed socket attempts.
 */
export async function pageOn(
  browser: Browser,
  server: ServerProcess,
  expected = /WebSocket connection|ERR_CONNECTION_REFUSED/,
) {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    const text = `${msg.text()} @ ${msg.location().url}`;
    if (msg.type() === 'error' && !expected.test(text)) errors.push(text);
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}
