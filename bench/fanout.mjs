// WS fan-out: the same client load against Studium (auth, rules, SQLite write, bus, hub) and
// against the bare relay. Throughput: closed loop, each sender keeps WINDOW messages in flight.
// Latency: an open loop at a fixed rate; every receiver timestamps every frame.
import { closeSockets, openSockets, percentile, sleep } from './lib.mjs';

const WINDOW = 1;
// Studium allows 120 frames per socket per minute (docs/security.md): every socket sends, each at
// most this many, so the run never trips the flood guard and all load is legitimate.
const MAX_FRAMES_PER_SOCKET = 100;

const frameFor = (text) => JSON.stringify({ action: 'send_message', message: text });

/** specs: one {url, headers, room} per socket, grouped by room (room = index). */
export async function measureThroughput(
  specs,
  { sendersPerRoom = Infinity, warmupMs = 1000, durationMs = 5000 },
) {
  let delivered = 0;
  let errors = 0;
  // Own echoes: each one acknowledges a stored message (the lost-message check counts them).
  let acked = 0;
  let counting = false;
  const senders = [];
  // Frames are counted, not parsed: a sender only looks for its own tag (its echo) or an error.
  const onFrame = (ws, data) => {
    if (counting) delivered++;
    if (!ws.sender) return;
    const isError = data.includes('"error"');
    if (isError && errors++ < 3 && process.env.BENCH_DEBUG) console.log(String(data));
    const isEcho = !isError && data.includes(ws.sender.tag);
    if (isEcho) acked++;
    if (isError || isEcho) sendNext(ws);
  };
  const sendNext = (ws) => {
    if (!ws.sender.running || ws.sender.seq >= MAX_FRAMES_PER_SOCKET) return;
    ws.send(frameFor(`${ws.sender.tag}${ws.sender.seq++} fan-out payload`));
  };
  const sockets = await openSockets(specs, onFrame);
  const byRoom = new Map();
  for (const ws of sockets) {
    if (!byRoom.has(ws.spec.room)) byRoom.set(ws.spec.room, []);
    byRoom.get(ws.spec.room).push(ws);
  }
  for (const roomSockets of byRoom.values()) {
    for (const ws of roomSockets.slice(0, sendersPerRoom)) {
      ws.sender = { tag: `|s${senders.length}|`, seq: 0, running: true };
      senders.push(ws);
    }
  }
  for (const ws of senders) for (let i = 0; i < WINDOW; i++) sendNext(ws);
  await sleep(warmupMs);
  counting = true;
  const start = performance.now();
  await sleep(durationMs);
  counting = false;
  const elapsed = (performance.now() - start) / 1000;
  for (const ws of senders) ws.sender.running = false;
  await sleep(300);
  await closeSockets(sockets);
  return {
    deliveredPerSec: delivered / elapsed,
    messagesPerSec: delivered / elapsed / (specs.length / byRoom.size),
    errors,
    acked,
  };
}

/** Sends `rate` messages/s in total (round robin over rooms and their sockets) for `durationMs`. */
export async function measureLatency(specs, { rate, warmupMs = 2000, durationMs = 8000 }) {
  const latencies = [];
  let errors = 0;
  let recordFrom = Infinity;
  const onFrame = (_ws, data) => {
    const frame = JSON.parse(data.toString());
    if (frame.error) return errors++;
    const sent = Number(/^t(\d+(?:\.\d+)?) /.exec(frame.message ?? '')?.[1]);
    if (Number.isFinite(sent) && sent >= recordFrom) latencies.push(performance.now() - sent);
  };
  const sockets = await openSockets(specs, onFrame);
  const rooms = [...new Set(specs.map((s) => s.room))];
  const byRoom = rooms.map((room) => sockets.filter((ws) => ws.spec.room === room));
  await sleep(500);
  const start = performance.now();
  recordFrom = start + warmupMs;
  let sent = 0;
  while (performance.now() - start < warmupMs + durationMs) {
    const due = Math.floor(((performance.now() - start) / 1000) * rate);
    for (; sent < due; sent++) {
      const roomSockets = byRoom[sent % byRoom.length];
      const ws = roomSockets[Math.floor(sent / byRoom.length) % roomSockets.length];
      ws.send(frameFor(`t${performance.now()} latency probe`));
    }
    await sleep(5);
  }
  await sleep(1000);
  await closeSockets(sockets);
  latencies.sort((a, b) => a - b);
  return {
    samples: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1),
    errors,
    sent,
  };
}
