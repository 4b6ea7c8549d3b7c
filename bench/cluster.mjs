// The scale-out bench: the fan-out load of `50 rooms × 20 sockets` against one process, then
// through nginx against `npm run cluster` (3 processes), both on one PostgreSQL schema and one
// Redis prefix of their own; then the latency of deliveries that cross processes. Run by
// `npm run bench`, or alone: `node bench/cluster.mjs` (prints the rows and the markdown section).
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { measureLatency, measureThroughput } from './fanout.mjs';
import { closeSockets, fmt, freePort, openSockets, percentile, sleep, startChild } from './lib.mjs';
import { openPgTarget } from './pg-target.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOMS = 50;
const PER_ROOM = 20;
const LATENCY_RATE = 50;
const log = (text) => console.log(`  · ${text}`);

/** One socket per user, PER_ROOM per room; `urlFor(index)` picks the endpoint of each. */
function specsFor(fixtures, urlFor) {
  const specs = [];
  let u = 0;
  for (const [room, id] of fixtures.rooms.entries()) {
    for (let i = 0; i < PER_ROOM; i++, u++)
      specs.push({ url: `${urlFor(u)}/ws/room/${id}/`, headers: { cookie: fixtures.users[u].cookie }, room });
  }
  return specs;
}

/**
 * Cross-process latency: in each room half the sockets (the senders) on the first process and
 * half on the others, connected to the processes directly so where each socket is is known.
 * Only the receivers record: every sample crossed Redis from one process to another.
 */
async function measureCrossProcess(
  fixtures,
  processUrls,
  { rate = LATENCY_RATE, warmupMs = 2000, durationMs = 8000 } = {},
) {
  const latencies = [];
  let recordFrom = Infinity;
  // Every other socket a sender on the first process (half the sockets, so each stays well inside
  // the per-socket frame budget), the rest receivers spread over the others.
  const specs = specsFor(
    fixtures,
    (u) => processUrls[u % 2 === 0 ? 0 : 1 + ((u >> 1) % (processUrls.length - 1))],
  );
  const sockets = await openSockets(specs, (ws, data) => {
    if (ws.isSender) return;
    const sent = Number(/"message":"t(\d+(?:\.\d+)?) /.exec(data.toString())?.[1]);
    if (Number.isFinite(sent) && sent >= recordFrom) latencies.push(performance.now() - sent);
  });
  const senders = sockets.filter((_, i) => i % 2 === 0);
  for (const ws of senders) ws.isSender = true;
  await sleep(500);
  const start = performance.now();
  recordFrom = start + warmupMs;
  let sent = 0;
  while (performance.now() - start < warmupMs + durationMs) {
    const due = Math.floor(((performance.now() - start) / 1000) * rate);
    for (; sent < due; sent++)
      senders[sent % senders.length].send(
        JSON.stringify({ action: 'send_message', message: `t${performance.now()} cross-process probe` }),
      );
    await sleep(5);
  }
  await sleep(1000);
  await closeSockets(sockets);
  latencies.sort((a, b) => a - b);
  return { samples: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

function startCluster(env, port, basePort) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'scripts/cluster.mjs'), '--port', String(port), '--base-port', String(basePort)],
      { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const onData = (d) => {
      output = (output + d).slice(-4000);
      if (output.includes('Studium cluster is running at')) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`cluster exited with ${code}: ${output}`)));
  });
}

export async function runClusterBench({ serverScript, env: benchEnv }) {
  const target = await openPgTarget();
  const env = {
    ...target.env,
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    ...benchEnv,
  };
  const results = {
    rooms: ROOMS,
    perRoom: PER_ROOM,
    latencyRate: LATENCY_RATE,
    load: os.loadavg()[0],
    cores: os.cpus().length,
  };
  let cluster = null;
  try {
    const port = await freePort();
    const single = await startChild(
      serverScript,
      { ...env, HOST: '127.0.0.1', PORT: String(port), WEB_DIST: path.join(os.tmpdir(), 'no-web') },
      `http://127.0.0.1:${port}/readyz`,
    );
    const fixtures = await target.createFixtures(ROOMS * PER_ROOM, ROOMS);
    try {
      log(`one process on PostgreSQL + Redis: throughput, then latency at ${LATENCY_RATE} msgs/s`);
      const specs = specsFor(fixtures, () => `ws://127.0.0.1:${port}`);
      results.single = {
        ...(await measureThroughput(specs, {})),
        ...(await measureLatency(specs, { rate: LATENCY_RATE })),
      };
    } finally {
      await single.stop();
    }

    const [nginxPort, basePort] = [await freePort(), await freePort()];
    cluster = await startCluster(env, nginxPort, basePort);
    log(`3 processes behind nginx: throughput, then latency at ${LATENCY_RATE} msgs/s`);
    const specs = specsFor(fixtures, () => `ws://127.0.0.1:${nginxPort}`);
    results.cluster = {
      ...(await measureThroughput(specs, {})),
      ...(await measureLatency(specs, { rate: LATENCY_RATE })),
    };
    log('cross-process latency (senders on one process, receivers on the two others)');
    results.crossProcess = await measureCrossProcess(
      fixtures,
      [0, 1, 2].map((i) => `ws://127.0.0.1:${basePort + i}`),
    );
    return results;
  } finally {
    if (cluster && cluster.exitCode === null) {
      const gone = new Promise((resolve) => cluster.once('exit', resolve));
      cluster.kill('SIGTERM');
      await gone;
    }
    await target.close();
  }
}

export function clusterRows(c) {
  const ratio = c.cluster.deliveredPerSec / c.single.deliveredPerSec;
  return [
    [
      `${c.rooms} rooms × ${c.perRoom} sockets on PostgreSQL: delivered msgs/s`,
      fmt(c.cluster.deliveredPerSec),
      fmt(c.single.deliveredPerSec),
      `× ${fmt(ratio, 2)}`,
    ],
    [
      `… latency p50 / p99 @ ${c.latencyRate} msgs/s`,
      `${fmt(c.cluster.p50, 1)} / ${fmt(c.cluster.p99, 1)} ms`,
      `${fmt(c.single.p50, 1)} / ${fmt(c.single.p99, 1)} ms`,
      '',
    ],
    [
      `cross-process latency p50 / p99 @ ${c.latencyRate} msgs/s (${fmt(c.crossProcess.samples)} deliveries)`,
      `${fmt(c.crossProcess.p50, 1)} / ${fmt(c.crossProcess.p99, 1)} ms`,
      '',
      '',
    ],
  ];
}

export function clusterMarkdown(c) {
  return [
    '## Scale-out: three processes behind nginx',
    '',
    `The same fan-out load (${c.rooms} rooms × ${c.perRoom} sockets, every socket a sender with one message in flight; then an open loop`,
    `at ${c.latencyRate} msgs/s) on PostgreSQL and Redis, through nginx to \`npm run cluster\` (3 processes, round-robin), against one`,
    'process on the same PostgreSQL and Redis. Cross-process: in each room the senders on the first process and the receivers on the',
    'two others, connected directly, so every sample crossed Redis.',
    '',
    '| measure | 3 processes + nginx | 1 process | ratio |',
    '|---|---|---|---|',
    ...clusterRows(c).map((row) => `| ${row.join(' | ')} |`),
    '',
    `Reading (${c.cores} cores, load average ${fmt(c.load, 1)} at the start of this part):`,
    '',
    ...(c.load > c.cores
      ? [
          '- The machine was busy with other work: the two sides ran one after the other under a changing load, so their ratio',
          '  reflects the load of each moment as much as the deployment. Repeat on a quiet machine before sizing anything on it.',
        ]
      : []),
    '- On one machine the three processes, nginx, PostgreSQL, Redis and the load generator share the same cores, and each',
    '  message crosses nginx twice and Redis once, and every process parses the events of its rooms. What the processes add is',
    '  CPU for the per-socket work (parsing, authorizing, writing frames); their point is more cores or more machines, where only',
    '  PostgreSQL and Redis are shared.',
    '- A delivery that crosses processes pays one Redis publish and one receive on top of the local path: the cross-process row',
    '  against the latency rows shows that hop. The bus hands a process its own events directly, so deliveries on the',
    "  sender's process do not wait for Redis.",
    '- PostgreSQL rather than SQLite: every message costs round trips to another process (group commit shares the commit, not',
    '  the statements), so these figures are compared only with each other; the one-process figure against the relay is above.',
    '',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { BENCH_ENV } = await import('./run.mjs');
  const c = await runClusterBench({ serverScript: path.join(ROOT, 'server/dist/main.js'), env: BENCH_ENV });
  for (const row of clusterRows(c)) console.log(row.join('  '));
  console.log(`\n${clusterMarkdown(c)}\nload average at start ${fmt(c.load, 1)}`);
  process.exit(0);
}
