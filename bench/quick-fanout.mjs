// Quick 50×20 fan-out only (development aid): node bench/quick-fanout.mjs [--prof]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRooms, createUsers, openDb } from './fixtures.mjs';
import { measureThroughput } from './fanout.mjs';
import { freePort, startChild } from './lib.mjs';
import { BENCH_ENV } from './run.mjs';

const prof = process.argv.includes('--prof');
const perRoom = Number(process.env.PER_ROOM ?? 20);
const roomsN = Number(process.env.ROOMS ?? 50);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studium-qb-'));
const [port, relayPort] = [await freePort(), await freePort()];
const base = `http://127.0.0.1:${port}`;
const env = { HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn', WEB_DIST: path.join(dataDir, 'no-web'), ...BENCH_ENV };
const server = await startChild(new URL('../server/dist/main.js', import.meta.url).pathname, env, `${base}/api/session/`, prof ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []);
console.log('server pid', server.pid);
if (process.env.PAUSE) await new Promise((r) => setTimeout(r, Number(process.env.PAUSE)));
const relay = await startChild(new URL('./relay.mjs', import.meta.url).pathname, { PORT: String(relayPort) }, `http://127.0.0.1:${relayPort}/`);
const db = openDb(dataDir);
const users = createUsers(db, roomsN * perRoom);
const rooms = createRooms(db, roomsN, 'fifty');
const s = [], r = [];
let u = 0;
for (const [room, id] of rooms.entries()) for (let i = 0; i < perRoom; i++) {
  s.push({ url: `ws://127.0.0.1:${port}/ws/room/${id}/`, headers: { cookie: users[u++].cookie }, room });
  r.push({ url: `ws://127.0.0.1:${relayPort}/room-${room}`, room });
}
for (let i = 0; i < 2; i++) {
  const a = await measureThroughput(s, {});
  const b = process.env.RELAY === '0' ? { deliveredPerSec: NaN } : await measureThroughput(r, {});
  console.log(`studium ${a.deliveredPerSec.toFixed(0)} (${a.messagesPerSec.toFixed(0)} msg/s, err ${a.errors}) relay ${b.deliveredPerSec.toFixed(0)} ratio ${(a.deliveredPerSec / b.deliveredPerSec * 100).toFixed(1)}%`);
}
db.close();
await server.stop();
await relay.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
