// `npm run cluster`: the scale-out deployment on one machine. nginx (Debian's package, installed
// when missing) on --port (8080) in front of --processes (3) server processes on PostgreSQL and
// Redis (DATABASE_URL, REDIS_URL; the local ones by default). The nginx config and the process
// settings come from deploy/, so what runs here is what a server runs (docs/operations.md).
// SIGHUP: rolling restart, one process at a time. Ctrl-C / SIGTERM: stops everything.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildAll } from './build.mjs';
import { ROOT, mustRun, step } from './lib.mjs';

const NGINX = '/usr/sbin/nginx';
const { values: opts } = parseArgs({
  options: {
    processes: { type: 'string', default: '3' },
    port: { type: 'string', default: '8080' },
    'base-port': { type: 'string' },
    'nginx-workers': { type: 'string', default: 'auto' },
  },
});
const count = Number(opts.processes);
const port = Number(opts.port);
const basePort = Number(opts['base-port'] ?? port + 1);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(port) || !Number.isInteger(basePort)) {
  console.error('usage: npm run cluster -- [--processes N] [--port P] [--base-port B]');
  process.exit(2);
}
const env = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/studium',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
};

async function ensureNginx() {
  if (fs.existsSync(NGINX)) return;
  step('Installing nginx (Debian package)');
  if (process.getuid?.() !== 0) throw new Error(`${NGINX} is missing: install Debian's "nginx" package.`);
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await mustRun('apt-get', ['update', '-qq'], { env: aptEnv });
  await mustRun('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'nginx'], { env: aptEnv });
}

/** Creates the database of DATABASE_URL when the server has no such database yet. */
async function ensureDatabase(url) {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.end();
  } catch (err) {
    if (err.code !== '3D000') throw err;
    const target = new URL(url);
    const name = target.pathname.slice(1);
    target.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: target.href });
    await admin.connect();
    await admin.query(`create database "${name.replaceAll('"', '""')}"`);
    await admin.end();
    console.log(`  created database ${name}`);
  }
}

/** The unit's Environment= settings and ExecStart= command for one instance (port). */
function unitFor(instance) {
  const unit = fs
    .readFileSync(path.join(ROOT, 'deploy/studium@.service'), 'utf8')
    .replaceAll('%i', String(instance));
  const settings = {};
  let command = [];
  for (const line of unit.split('\n')) {
    const [key, ...rest] = line.split('=');
    const value = rest.join('=').trim();
    if (key === 'Environment') {
      const eq = value.indexOf('=');
      settings[value.slice(0, eq)] = value.slice(eq + 1);
    }
    if (key === 'ExecStart') command = value.split(/\s+/);
  }
  const [program, ...args] = command;
  if (!program?.endsWith('/node')) throw new Error('deploy/studium@.service: ExecStart must run node');
  return { settings, args: args.map((a) => path.resolve(ROOT, a)) };
}

function prefixLines(stream, label, out) {
  readline.createInterface({ input: stream }).on('line', (line) => out.write(`[${label}] ${line}\n`));
}

async function waitFor(url, isUp, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (isUp.exited?.()) throw new Error(`${what} exited while starting`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not become ready at ${url}`);
}

/** One server process: started from the unit's settings, restarted when it fails. */
class ServerProcess {
  constructor(instancePort) {
    this.port = instancePort;
    this.child = null;
    this.stopping = false;
  }

  async start() {
    const { settings, args } = unitFor(this.port);
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...env, ...settings },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    prefixLines(child.stdout, this.port, process.stdout);
    prefixLines(child.stderr, this.port, process.stderr);
    child.on('exit', (code, signal) => {
      if (this.stopping || this.child !== child) return;
      // Restart=on-failure, as systemd would.
      console.error(`[cluster] process :${this.port} exited (${signal ?? code}); restarting`);
      setTimeout(
        () =>
          void this.start().catch((err) =>
            console.error(`[cluster] restart of :${this.port} failed: ${err.message}`),
          ),
        1000,
      );
    });
    await waitFor(
      `http://127.0.0.1:${this.port}/readyz`,
      { exited: () => child.exitCode !== null },
      `process :${this.port}`,
    );
  }

  stop() {
    const child = this.child;
    this.stopping = true;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }

  async restart() {
    await this.stop();
    this.stopping = false;
    await this.start();
  }
}

function renderNginx(prefix, ports) {
  const template = fs.readFileSync(path.join(ROOT, 'deploy/nginx.conf.template'), 'utf8');
  // As root, workers run as nobody: they only read the web build and write these temp dirs.
  const asRoot = process.getuid?.() === 0;
  const values = {
    USER_DIRECTIVE: asRoot ? 'user nobody nogroup;' : '',
    WORKER_PROCESSES: opts['nginx-workers'],
    PREFIX: prefix,
    MIME_TYPES: '/etc/nginx/mime.types',
    ACCESS_LOG: `${prefix}/access.log`,
    UPSTREAM_SERVERS: ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n'),
    LISTEN: `127.0.0.1:${port}`,
    // Here the hop in front is whatever runs on this machine (the tests stand in for one).
    REAL_IP_FROM: '    set_real_ip_from 127.0.0.1;',
    WEB_DIST: path.join(ROOT, 'web/dist'),
  };
  const conf = template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`nginx template: no value for {{${name}}}`);
    return values[name];
  });
  fs.chmodSync(prefix, 0o755);
  for (const dir of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    fs.mkdirSync(path.join(prefix, dir), { mode: 0o777 });
  for (const dir of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    fs.chmodSync(path.join(prefix, dir), 0o777);
  const file = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(file, conf);
  return file;
}

await ensureNginx();
await buildAll();
await ensureDatabase(env.DATABASE_URL);

step(`Starting ${count} server processes and nginx`);
const servers = Array.from({ length: count }, (_, i) => new ServerProcess(basePort + i));
try {
  // The first migrates and seeds; the others find both done.
  await servers[0].start();
  await Promise.all(servers.slice(1).map((s) => s.start()));
} catch (err) {
  await Promise.all(servers.map((s) => s.stop()));
  throw err;
}

const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'studium-nginx-'));
let conf;
try {
  conf = renderNginx(
    prefix,
    servers.map((s) => s.port),
  );
  const check = spawnSync(NGINX, ['-t', '-q', '-p', prefix, '-c', conf, '-g', 'daemon off;'], {
    encoding: 'utf8',
  });
  if (check.status !== 0) throw new Error(`nginx config test failed:\n${check.stderr}`);
} catch (err) {
  await Promise.all(servers.map((s) => s.stop()));
  fs.rmSync(prefix, { recursive: true, force: true });
  throw err;
}
const nginx = spawn(NGINX, ['-p', prefix, '-c', conf, '-g', 'daemon off;'], {
  stdio: ['ignore', 'inherit', 'inherit'],
});
let shuttingDown = false;
nginx.on('exit', (code, signal) => {
  if (shuttingDown) return;
  console.error(`[cluster] nginx exited (${signal ?? code})`);
  void shutdown(1);
});
const baseUrl = `http://127.0.0.1:${port}`;
await waitFor(`${baseUrl}/healthz`, { exited: () => nginx.exitCode !== null }, 'nginx', 10_000);
console.log(
  `\n  Studium cluster is running at ${baseUrl} (processes on ports ${servers.map((s) => s.port).join(', ')}; nginx pid ${nginx.pid})\n`,
);

let restarting = null;
async function rollingRestart() {
  const started = performance.now();
  console.log('[cluster] rolling restart');
  for (const server of servers) {
    const t = performance.now();
    await server.restart();
    console.log(`[cluster] restarted :${server.port} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  console.log(`[cluster] rolling restart done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function shutdown(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  await restarting;
  if (nginx.exitCode === null) {
    const gone = new Promise((resolve) => nginx.once('exit', resolve));
    nginx.kill('SIGQUIT');
    await gone;
  }
  await Promise.all(servers.map((s) => s.stop()));
  fs.rmSync(prefix, { recursive: true, force: true });
  process.exit(code);
}

process.on('SIGHUP', () => {
  if (restarting || shuttingDown) return;
  restarting = rollingRestart()
    .catch((err) => console.error(`[cluster] rolling restart failed: ${err.message}`))
    .finally(() => (restarting = null));
});
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
