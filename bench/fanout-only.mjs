// The fan-out throughput loop alone, for profiling the send path (about 30 s; needs a built
// server bundle): `node bench/fanout-only.mjs [--prof]`. ROOMS × PER_ROOM sockets (50 × 20),
// RELAY=0 skips the bare relay, DB=postgres runs the server on PostgreSQL + Redis (a schema and
// a key prefix of its own), --prof writes a V8 CPU profile of the server to /tmp/prof, and
// PAUSE=<ms> waits after start so a profiler can attach to the printed pid. MODE=capacity runs
// the open-loop climb instead; MODE=rate one open-loop rate (RATE msgs/s) with the CPU per message
// of the server and of the relay.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRooms, createUsers, openDb } from './fixtures.mjs';
import { measureCapacity, measureLatency, measureThroughput } from './fanout.mjs';
import { cpuMs, freePort, startChild } from './lib.mjs';
import { openPgTarget } from './pg-target.mjs';
import { BENCH_ENV } from './run.mjs';

const prof = process.argv.includes('--prof');
const perRoom = Number(process.env.PER_ROOM ?? 20);
const roomsN = Number(process.env.ROOMS ?? 50);
const onPg = process.env.DB === 'postgres';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studium-fanout-'));
const [port, relayPort] = [await freePort(), await freePort()];
const base = `http://127.0.0.1:${port}`;
const pgTarget = onPg ? await openPgTarget() : null;
const env = {
  HOST: '127.0.0.1',
  PORT: String(port),
  DATA_DIR: dataDir,
  SEED_DEMO: '0',
  LOG_LEVEL: 'warn',
  WEB_DIST: path.join(dataDir, 'no-web'),
  ...BENCH_ENV,
  ...(pgTarget?.env ?? {}),
};
const server = await startChild(
  new URL(process.env.SERVER_SCRIPT ?? '../server/dist/main.js', import.meta.url).pathname,
  env,
  `${base}/readyz`,
  prof ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [],
);
console.log('server pid', server.pid);
if (process.env.PAUSE) await new Promise((r) => setTimeout(r, Number(process.env.PAUSE)));
const relay = await startChild(
  new URL('./relay.mjs', import.meta.url).pathname,
  { PORT: String(relayPort) },
  `http://127.0.0.1:${relayPort}/`,
);
const db = onPg ? null : openDb(dataDir);
const fixtures = onPg
  ? await pgTarget.createFixtures(roomsN * perRoom, roomsN)
  : { users: createUsers(db, roomsN * perRoom), rooms: createRooms(db, roomsN, 'fifty') };
const studiumSpecs = [];
const relaySpecs = [];
let u = 0;
for (const [room, id] of fixtures.rooms.entries()) {
  for (let i = 0; i < perRoom; i++) {
    studiumSpecs.push({
      url: `ws://127.0.0.1:${port}/ws/room/${id}/`,
      headers: { cookie: fixtures.users[u++].cookie },
      room,
    });
    relaySpecs.push({ url: `ws://127.0.0.1:${relayPort}/room-${room}`, room });
  }
}
// CPU time the server and the database processes spent (ms): stable under outside load, unlike rates.
function serverCpu() {
  let database = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const comm = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      if (comm === 'postgres') database += cpuMs(Number(pid));
    } catch {
      // The process ended meanwhile.
    }
  }
  return { server: cpuMs(server.pid), database };
}
const fmt = (n) => Math.round(n).toLocaleString('en-US');
if (process.env.MODE === 'rate') {
  // One open-loop rate (RATE msgs/s, 10 s), with the server's CPU per message: for profiling a
  // rate near capacity, where commits carry fewer messages than in the closed loop.
  const rate = Number(process.env.RATE ?? 2000);
  const cpuBefore = serverCpu();
  const result = await measureLatency(studiumSpecs, { rate });
  const cpuAfter = serverCpu();
  const perMessage = (ms) => Math.round((ms / (result.sent || 1)) * 1000);
  console.log(
    `Studium at ${rate} msgs/s: p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.samples} deliveries, ${result.errors} errors; CPU per sent message: server ${perMessage(cpuAfter.server - cpuBefore.server)} µs, database ${perMessage(cpuAfter.database - cpuBefore.database)} µs`,
  );
  if (process.env.RELAY !== '0') {
    const before = cpuMs(relay.pid);
    const relayResult = await measureLatency(relaySpecs, { rate });
    console.log(
      `relay at ${rate} msgs/s: p50 ${relayResult.p50.toFixed(1)} ms, p99 ${relayResult.p99.toFixed(1)} ms; CPU per sent message ${Math.round(((cpuMs(relay.pid) - before) / (relayResult.sent || 1)) * 1000)} µs`,
    );
  }
} else if (process.env.MODE === 'capacity') {
  // PRELOAD=1 runs the closed loop first, as the full bench does before its capacity climb.
  if (process.env.PRELOAD === '1') await measureThroughput(studiumSpecs, {});
  for (let i = 0; i < Number(process.env.RUNS ?? 1); i++) {
    const load = os.loadavg()[0].toFixed(1);
    const studium = await measureCapacity(studiumSpecs, {});
    const steps = (c) => c.steps.map((s) => `${s.rate}:${Math.round(s.p99)}ms/${s.lost}lost`).join(' ');
    console.log(
      `Studium ${fmt(studium.deliveredPerSec)} deliveries/s at ${studium.rate} msgs/s [${steps(studium)}]`,
    );
    if (process.env.RELAY !== '0') {
      const relay = await measureCapacity(relaySpecs, {});
      console.log(
        `relay ${fmt(relay.deliveredPerSec)} deliveries/s at ${relay.rate} msgs/s [${steps(relay)}]`,
      );
      console.log(
        `ratio ${Math.round((studium.deliveredPerSec / relay.deliveredPerSec) * 100)} % (load ${load})`,
      );
    }
  }
} else
  for (let i = 0; i < Number(process.env.RUNS ?? 2); i++) {
    const load = os.loadavg()[0].toFixed(1);
    const cpuBefore = serverCpu();
    const studium = await measureThroughput(studiumSpecs, {});
    const cpuAfter = serverCpu();
    const cpu = {
      server: cpuAfter.server - cpuBefore.server,
      database: cpuAfter.database - cpuBefore.database,
    };
    let line = `Studium ${fmt(studium.deliveredPerSec)} frames/s (${fmt(studium.messagesPerSec)} stored msgs/s, ${studium.errors} errors)`;
    if (process.env.RELAY !== '0') {
      const relay = await measureThroughput(relaySpecs, {});
      line += `, bare relay ${fmt(relay.deliveredPerSec)} frames/s: ${Math.round((studium.deliveredPerSec / relay.deliveredPerSec) * 100)} %`;
    }
    const perMessage = (ms) => (ms / (studium.acked || 1)) * 1000;
    line += `; CPU per stored message: server ${Math.round(perMessage(cpu.server))} µs, database ${Math.round(perMessage(cpu.database))} µs`;
    console.log(`${line} (load ${load})`);
  }
db?.close();
await server.stop();
await relay.stop();
await pgTarget?.close();
fs.rmSync(dataDir, { recursive: true, force: true });
