// The whole benchmark: one Studium server (SQLite, in-process bus) and one bare relay, both
// child processes on loopback; the load generator is this process. Prints a table and returns
// the results for docs/benchmarks.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  checkpoint,
  createRooms,
  createUsers,
  countMessages,
  indexSearchBacklog,
  openDb,
  seedHistory,
} from './fixtures.mjs';
import { measureCapacity, measureLatency, measureThroughput } from './fanout.mjs';
import { freePort, startChild } from './lib.mjs';
import { openPgTarget } from './pg-target.mjs';
import { measureIdleSocketMemory } from './memory.mjs';
import { measureDiscovery } from './discovery.mjs';
import { measurePartyCandidates } from './party-candidates.mjs';
import { measureReads } from './reads.mjs';

// Per-user send and search limits lifted for the server under test, so one machine can push real load;
// the per-socket frame budget (120/min) stays and the load generator keeps within it.
export const BENCH_ENV = {
  MESSAGE_RATE_LIMIT: '1000000/1000000',
  ASSISTANT_RATE_LIMIT: '1000000/1000000',
  SEARCH_RATE_LIMIT: '1000000/1000000',
};

const log = (text) => console.log(`  · ${text}`);

function socketSpecs(targets, users, roomIds, perRoom) {
  const specs = { studium: [], relay: [], batched: [] };
  let u = 0;
  for (const [room, id] of roomIds.entries()) {
    for (let i = 0; i < perRoom; i++) {
      specs.studium.push({
        url: `${targets.studium.ws}/ws/room/${id}/`,
        headers: { cookie: users[u++].cookie },
        room,
      });
      specs.relay.push({ url: `${targets.relay.ws}/room-${room}`, room });
      specs.batched.push({ url: `${targets.batched.ws}/room-${room}`, room });
    }
  }
  return specs;
}

// The machine may be shared: each side runs twice, alternating, and keeps its better run
// (highest throughput, lowest p99) — the same rule for both, so the ratio stays fair.
const RUNS = 2;
const bestBy = (runs, key, higher) =>
  runs.reduce((a, b) => ((higher ? b[key] > a[key] : b[key] < a[key]) ? b : a));

// Throughput is measured against both relays; latency against the bare one.
async function fanoutScenario(name, specs, latencyRate, stored, { capacity = false } = {}) {
  const storedBefore = await stored();
  let acked = 0;
  const runs = { studium: { tp: [], lat: [] }, relay: { tp: [], lat: [] }, batched: { tp: [], lat: [] } };
  const loads = [];
  for (let i = 0; i < RUNS; i++) {
    log(
      `${name}: throughput, then latency at ${latencyRate} msgs/s (run ${i + 1}/${RUNS}, load ${os.loadavg()[0].toFixed(1)})`,
    );
    loads.push(os.loadavg()[0]);
    for (const side of ['studium', 'relay', 'batched']) {
      const tp = await measureThroughput(specs[side], {});
      if (side === 'studium') acked += tp.acked;
      runs[side].tp.push(tp);
    }
    for (const side of ['studium', 'relay'])
      runs[side].lat.push(await measureLatency(specs[side], { rate: latencyRate }));
  }
  // Capacity (the judged figure): once per side, alternating; a rate that misses once runs again.
  let capacityRuns = null;
  if (capacity) {
    capacityRuns = { loads: [] };
    for (const side of ['studium', 'relay']) {
      log(`${name}: capacity of ${side} (open loop, p99 ≤ 250 ms, load ${os.loadavg()[0].toFixed(1)})`);
      capacityRuns.loads.push(os.loadavg()[0]);
      capacityRuns[side] = await measureCapacity(specs[side], {});
    }
  }
  const best = (side) => ({
    ...bestBy(runs[side].tp, 'deliveredPerSec', true),
    ...(runs[side].lat.length ? bestBy(runs[side].lat, 'p99', false) : {}),
  });
  // Every echo its author received stands for a stored message (latency probes are stored too, never counted).
  const lost = Math.max(0, acked - ((await stored()) - storedBefore));
  return {
    name,
    latencyRate,
    loads,
    acked,
    lost,
    studium: best('studium'),
    relay: best('relay'),
    batched: best('batched'),
    capacity: capacityRuns,
  };
}

function deepIds(db, roomIds) {
  const pick = db.prepare(
    'select id from messages where room_id = ? order by id limit 1 offset (select count(*) / 2 from messages where room_id = ?)',
  );
  const map = new Map(roomIds.map((id) => [id, pick.get(id, id)?.id ?? 1]));
  return (id) => map.get(id);
}

/**
 * The 50 × 20 fan-out on PostgreSQL + Redis: a second Studium process on a schema and a key prefix
 * of its own, against the same relays in the same run.
 */
async function pgFanout(serverScript, { relay, batched }) {
  const target = await openPgTarget();
  const port = await freePort();
  const server = await startChild(
    serverScript,
    {
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(os.tmpdir(), 'studium-bench-no-web'),
      ...BENCH_ENV,
      ...target.env,
    },
    `http://127.0.0.1:${port}/readyz`,
  );
  try {
    const fixtures = await target.createFixtures(1000, 50);
    const users = fixtures.users;
    const specs = socketSpecs(
      { studium: { ws: `ws://127.0.0.1:${port}` }, relay, batched },
      users,
      fixtures.rooms,
      20,
    );
    return await fanoutScenario(
      '50 rooms × 20 sockets on PostgreSQL + Redis',
      specs,
      250,
      target.countMessages,
      { capacity: true },
    );
  } finally {
    await server.stop();
    await target.close();
  }
}

/** V8's young generation held at its smallest, so its growth is not counted as the sockets'. */
const STEADY_HEAP = ['--max-semi-space-size=1'];

/**
 * Memory per idle socket of a Studium server and a relay started for it alone, on the data
 * directory of `env`; `idle` are the sockets' specs, already pointing at `env`'s port.
 */
export async function measureMemory(serverScript, env, idle) {
  const port = await freePort();
  const relayPort = await freePort();
  const rewrite = (specs, from, to) =>
    specs.map((s) => ({ ...s, url: s.url.replace(`:${from}/`, `:${to}/`) }));
  const server = await startChild(
    serverScript,
    { ...env, PORT: String(port) },
    `http://127.0.0.1:${port}/api/session/`,
    STEADY_HEAP,
  );
  const relayScript = new URL('./relay.mjs', import.meta.url).pathname;
  const relay = await startChild(
    relayScript,
    { PORT: String(relayPort) },
    `http://127.0.0.1:${relayPort}/`,
    STEADY_HEAP,
  );
  try {
    return {
      studium: await measureIdleSocketMemory(server.pid, rewrite(idle.studium, env.PORT, port)),
      relay: await measureIdleSocketMemory(
        relay.pid,
        rewrite(idle.relay, new URL(idle.relay[0].url).port, relayPort),
      ),
    };
  } finally {
    await server.stop();
    await relay.stop();
  }
}

export async function runBench({ serverScript }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studium-bench-'));
  const [port, relayPort, batchedPort] = [await freePort(), await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  const env = {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...BENCH_ENV,
  };
  const server = await startChild(serverScript, env, `${base}/api/session/`);
  const relayScript = new URL('./relay.mjs', import.meta.url).pathname;
  const relay = await startChild(relayScript, { PORT: String(relayPort) }, `http://127.0.0.1:${relayPort}/`);
  const batched = await startChild(
    relayScript,
    { PORT: String(batchedPort), BATCH_WRITES: '1' },
    `http://127.0.0.1:${batchedPort}/`,
  );
  const db = openDb(dataDir);
  try {
    const users = createUsers(db, 4300);
    const targets = {
      studium: { ws: `ws://127.0.0.1:${port}` },
      relay: { ws: `ws://127.0.0.1:${relayPort}` },
      batched: { ws: `ws://127.0.0.1:${batchedPort}` },
    };
    const results = {
      fanout: [],
      cpu: os.cpus()[0]?.model ?? 'unknown',
      cores: os.cpus().length,
      node: process.version,
      load: os.loadavg()[0],
    };

    // First, on processes of their own, fresh: later phases leave heap headroom that would hide the
    // sockets' cost. V8 grows its young generation with the allocation rate, up to tens of MiB
    // whatever the number of sockets, and how much of that growth fell into the measured step
    // decided most of the figure (18.9 and 26.8 KiB in two runs of the same code); both sides run
    // with it held at its smallest (docs/benchmarks.md).
    log('memory per idle socket (3000 sockets)');
    const idleRooms = createRooms(db, 50, 'idle');
    const idle = socketSpecs(targets, users.slice(1200), idleRooms, 60);
    results.memory = await measureMemory(serverScript, env, idle);

    const stored = async () => countMessages(db);
    const one = createRooms(db, 1, 'one');
    results.fanout.push(
      await fanoutScenario('1 room × 200 sockets', socketSpecs(targets, users, one, 200), 50, stored),
    );
    const fifty = createRooms(db, 50, 'fifty');
    results.fanout.push(
      await fanoutScenario(
        '50 rooms × 20 sockets',
        socketSpecs(targets, users.slice(200), fifty, 20),
        250,
        stored,
        { capacity: true },
      ),
    );
    results.fanout.push(await pgFanout(serverScript, targets));

    log('reads at 10k messages');
    const [parent] = createRooms(db, 1, 'tree');
    createRooms(db, 30, 'leaf', parent, 1);
    const histRooms = createRooms(db, 100, 'hist');
    const writers = users.slice(0, 100).map((u) => u.id);
    seedHistory(db, histRooms, writers, 10_000);
    indexSearchBacklog(db);
    checkpoint(db);
    results.readsSmall = {
      messages: countMessages(db),
      ...(await measureReads(base, users[0].cookie, histRooms, 'tree-0', deepIds(db, histRooms))),
    };
    log('seeding 1M messages');
    const t0 = performance.now();
    seedHistory(db, histRooms, writers, 1_000_000 - countMessages(db));
    indexSearchBacklog(db);
    results.seedSeconds = (performance.now() - t0) / 1000;
    checkpoint(db);
    log('reads at 1M messages');
    results.readsLarge = {
      messages: countMessages(db),
      ...(await measureReads(base, users[0].cookie, histRooms, 'tree-0', deepIds(db, histRooms))),
    };
    log('group matchmaking: candidate search among 100k open parties');
    results.partyLoad = os.loadavg()[0];
    results.partyCandidates = await measurePartyCandidates(db, base, users, server.pid);
    log('room discovery among 1,000 rooms');
    results.discoveryLoad = os.loadavg()[0];
    results.discovery = await measureDiscovery(db, base, users[0], server.pid);
    return results;
  } finally {
    db.close();
    await server.stop();
    await relay.stop();
    await batched.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
