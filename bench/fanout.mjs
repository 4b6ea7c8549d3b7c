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

/** The sockets of each room, and the next sender in turn: round robin over rooms, then their sockets. */
function roundRobin(sockets, specs) {
  const rooms = [...new Set(specs.map((s) => s.room))];
  const byRoom = rooms.map((room) => sockets.filter((ws) => ws.spec.room === room));
  let next = 0;
  return () => {
    const roomSockets = byRoom[next % byRoom.length];
    return roomSockets[Math.floor(next++ / byRoom.length) % roomSockets.length];
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
  const nextSender = roundRobin(sockets, specs);
  await sleep(500);
  const start = performance.now();
  recordFrom = start + warmupMs;
  let sent = 0;
  while (performance.now() - start < warmupMs + durationMs) {
    const due = Math.floor(((performance.now() - start) / 1000) * rate);
    for (; sent < due; sent++) nextSender().send(frameFor(`t${performance.now()} latency probe`));
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

/**
 * Capacity in an open loop: the highest send rate (msgs/s over all sockets, round robin) the
 * target sustains with every frame delivered and p99 ≤ `maxP99` ms. Rates climb by `step` from
 * `from`; each rate runs `warmupMs` then `durationMs` on the same open sockets, and the first
 * rate that loses a frame, answers an error or breaks the p99 twice ends the climb; the rate
 * halfway between it and the last one held runs then. Deliveries/s are those of the highest rate
 * that held (every socket of the room receives each message).
 */
export async function measureCapacity(
  specs,
  { from = 200, step = 1.25, maxP99 = 250, warmupMs = 1000, durationMs = 3000, maxRate = 20000 },
) {
  let window = null;
  let errors = 0;
  const onFrame = (_ws, data) => {
    const frame = JSON.parse(data.toString());
    if (frame.error) return errors++;
    const match = /^c(\d+) t(\d+(?:\.\d+)?) /.exec(frame.message ?? '');
    if (!match || !window || Number(match[1]) !== window.id) return;
    const sent = Number(match[2]);
    if (sent >= window.from) window.latencies.push(performance.now() - sent);
  };
  const sockets = await openSockets(specs, onFrame);
  const nextSender = roundRobin(sockets, specs);
  const perRoom = specs.length / new Set(specs.map((s) => s.room)).size;
  await sleep(500);
  const steps = [];
  let id = 0;
  const runRate = async (rate) => {
    id++;
    const start = performance.now();
    window = { id, from: start + warmupMs, latencies: [] };
    const errorsBefore = errors;
    let sent = 0;
    let counted = 0;
    while (performance.now() - start < warmupMs + durationMs) {
      const due = Math.floor(((performance.now() - start) / 1000) * rate);
      for (; sent < due; sent++) {
        const now = performance.now();
        if (now >= window.from) counted++;
        nextSender().send(frameFor(`c${id} t${now} capacity probe`));
      }
      await sleep(2);
    }
    // Frames still on their way count if they arrive within the p99 limit of the last send.
    await sleep(maxP99 + 250);
    const latencies = window.latencies.sort((a, b) => a - b);
    const expected = counted * perRoom;
    const result = {
      rate,
      deliveredPerSec: latencies.length / (durationMs / 1000),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      lost: Math.max(0, expected - latencies.length),
      errors: errors - errorsBefore,
    };
    result.held = result.lost === 0 && result.errors === 0 && result.p99 <= maxP99;
    steps.push(result);
    // Let a backlog drain before the next rate starts.
    await sleep(500);
    return result;
  };
  // On a shared machine one rate can miss by a stall of the moment: a rate that fails runs once
  // more, and the climb ends when it fails twice.
  let missed = null;
  for (let rate = from; rate <= maxRate; rate = Math.round(rate * step))
    if (!(await runRate(rate)).held && !(await runRate(rate)).held) {
      missed = rate;
      break;
    }
  // The climb's steps are a quarter apart, so the capacity lies anywhere between the last rate
  // held and the one missed: the rate halfway between them (geometrically) runs too, so a figure
  // is within an eighth of the truth instead of a quarter, for Studium and the relay alike.
  const lastHeld = steps.filter((s) => s.held).at(-1);
  if (missed !== null && lastHeld && lastHeld.rate < missed) {
    const between = Math.round(Math.sqrt(lastHeld.rate * missed));
    // The missed rate left a backlog behind it: let it drain first.
    await sleep(3000);
    if (between > lastHeld.rate && between < missed && !(await runRate(between)).held) await runRate(between);
  }
  window = null;
  await closeSockets(sockets);
  const held = steps.filter((s) => s.held).sort((a, b) => a.rate - b.rate);
  const best = held.at(-1) ?? { rate: 0, deliveredPerSec: 0, p50: NaN, p99: NaN, lost: 0, errors: 0 };
  return { ...best, steps };
}
