// Turns bench results into the printed table and the markdown of docs/benchmarks.md.
import { discoveryMethod, discoveryRow } from './discovery.mjs';
import { fmt } from './lib.mjs';

const KIB = 1024;

export function rows(r) {
  const out = [];
  for (const f of r.fanout) {
    const ratio = f.studium.deliveredPerSec / f.relay.deliveredPerSec;
    const onPg = f.name.includes('PostgreSQL');
    if (f.capacity) {
      const { studium, relay } = f.capacity;
      const target = onPg ? 0.4 : 0.75;
      const capacityRatio = studium.deliveredPerSec / relay.deliveredPerSec;
      out.push([
        `${f.name}: capacity, deliveries/s (open loop, p99 ≤ 250 ms, none lost)`,
        fmt(studium.deliveredPerSec),
        fmt(relay.deliveredPerSec),
        `${fmt(capacityRatio * 100)} %`,
        `≥ ${fmt(target * 100)} % of relay`,
        capacityRatio >= target && studium.lost === 0 && studium.p99 <= 250,
      ]);
      out.push([
        `${f.name}: … at msgs/s sent, latency p50 / p99`,
        `${fmt(studium.rate)}: ${fmt(studium.p50, 1)} / ${fmt(studium.p99, 1)} ms`,
        `${fmt(relay.rate)}: ${fmt(relay.p50, 1)} / ${fmt(relay.p99, 1)} ms`,
        '',
        'p99 ≤ 250 ms',
        studium.p99 <= 250,
      ]);
    }
    out.push([
      `${f.name}: delivered msgs/s (closed loop)`,
      fmt(f.studium.deliveredPerSec),
      fmt(f.relay.deliveredPerSec),
      `${fmt(ratio * 100)} %`,
      '',
      null,
    ]);
    const batchedRatio = f.studium.deliveredPerSec / f.batched.deliveredPerSec;
    out.push([
      `${f.name}: delivered msgs/s, relay batching its writes too`,
      fmt(f.studium.deliveredPerSec),
      fmt(f.batched.deliveredPerSec),
      `${fmt(batchedRatio * 100)} %`,
      '',
      null,
    ]);
    out.push([
      `${f.name}: sent msgs/s (stored)`,
      fmt(f.studium.messagesPerSec),
      fmt(f.relay.messagesPerSec),
      '',
      '',
      null,
    ]);
    out.push([
      `${f.name}: latency p50 @ ${f.latencyRate} msgs/s`,
      `${fmt(f.studium.p50, 1)} ms`,
      `${fmt(f.relay.p50, 1)} ms`,
      '',
      '',
      null,
    ]);
    const p99Limit = f.name.startsWith('1 room') ? 50 : 250;
    out.push([
      `${f.name}: latency p99 @ ${f.latencyRate} msgs/s`,
      `${fmt(f.studium.p99, 1)} ms`,
      `${fmt(f.relay.p99, 1)} ms`,
      '',
      `≤ ${p99Limit} ms`,
      f.studium.p99 <= p99Limit,
    ]);
    out.push([
      `${f.name}: acknowledged messages not stored`,
      `${fmt(f.lost)} of ${fmt(f.acked)}`,
      '',
      '',
      '0',
      f.lost === 0,
    ]);
  }
  const m = r.memory;
  out.push([
    `memory per idle socket (marginal, ${fmt(m.studium.sockets / 3)} → ${fmt(m.studium.sockets)} sockets)`,
    `${fmt(m.studium.bytesPerSocket / KIB, 1)} KiB`,
    `${fmt(m.relay.bytesPerSocket / KIB, 1)} KiB`,
    '',
    '≤ 30 KiB',
    m.studium.bytesPerSocket <= 30 * KIB,
  ]);
  for (const key of ['historyNewest', 'historyDeep', 'roomListRoot', 'roomListChildren']) {
    const small = r.readsSmall[key];
    const large = r.readsLarge[key];
    const growth = large.p50 / small.p50;
    out.push([
      `${key} p50 / p99 at ${fmt(r.readsSmall.messages)} → ${fmt(r.readsLarge.messages)} msgs`,
      `${fmt(small.p50, 2)} / ${fmt(small.p99, 2)} → ${fmt(large.p50, 2)} / ${fmt(large.p99, 2)} ms`,
      '',
      `× ${fmt(growth, 2)}`,
      'flat (≤ × 2)',
      growth <= 2,
    ]);
  }
  if (r.partyCandidates) out.push(partyRow(r.partyCandidates));
  if (r.discovery) out.push(discoveryRow(r.discovery));
  return out;
}

/** The candidate search of group matchmaking (bench/party-candidates.mjs). */
export const partyRow = (pc) => [
  `party candidates p50 / p99 at ${fmt(pc.parties)} open parties (${fmt(pc.perTopic)} per topic)`,
  `${fmt(pc.p50, 2)} / ${fmt(pc.p99, 2)} ms`,
  '',
  `${fmt(pc.cpuPerRequest, 1)} ms CPU / request`,
  'p99 < 50 ms',
  pc.p99 < 50,
];

/** How the candidate search is measured, for docs/benchmarks.md. */
export function partyMethod(pc, load) {
  return [
    `- **Party candidates**: ${fmt(pc.parties)} open study parties written straight into SQLite over ${pc.topics} topics (about`,
    `  ${fmt(pc.perTopic)} per topic; sizes 1-4, targets up to 4 more, 1-4 weekly blocks each), then ${pc.requests} sequential`,
    '  `GET /api/party/{id}/candidates` by 50 owners, round robin, after one untimed pass. The query takes one range of',
    '  `parties_search_idx` (topic, status, size), which also carries every column scoring reads; the parties that fit are scored in memory',
    `  and the best 20 answered (${fmt(pc.meanCandidates, 1)} on average). Load average when it started: ${fmt(load, 1)}; the ratio`,
    "  column gives the server process's own CPU time per request (from /proc), which waiting for a core does not inflate.",
  ];
}

const mark = (ok) => (ok === null ? '' : ok ? 'yes' : 'NO');

export function printTable(r) {
  const header = ['measure', 'Studium', 'bare relay', 'ratio', 'target', 'met'];
  const table = [header, ...rows(r).map((row) => [...row.slice(0, 5), mark(row[5])])];
  const widths = header.map((_, i) => Math.max(...table.map((row) => String(row[i]).length)));
  for (const row of table) console.log(row.map((cell, i) => String(cell).padEnd(widths[i])).join('  '));
}

export function markdown(r, command, seconds) {
  const m = r.memory;
  const lines = [
    '# Benchmarks',
    '',
    `Command: \`${command}\` (${fmt(seconds)} s). Measured ${new Date().toISOString().slice(0, 16)}Z on ${r.cores} × ${r.cpu}, Node ${r.node}, load average ${fmt(r.load, 1)} at start`,
    '(a shared machine: absolute numbers vary between runs; the ratios are measured in one run on the same machine).',
    '',
    '| measure | Studium | bare relay | ratio | target | met |',
    '|---|---|---|---|---|---|',
    ...rows(r).map((row) => `| ${row.slice(0, 5).join(' | ')} | ${mark(row[5])} |`),
    '',
    '## How it is measured',
    '',
    '- **Servers**: Studium is the built bundle (`server/dist/main.js`) with SQLite in a temp directory and the in-process bus (the',
    '  embedded default); the bare relay (`bench/relay.mjs`) is a `ws` server that parses each frame and sends one frame, serialized and',
    '  encoded once, to every socket of the room, with no auth and no storage. The same relay with `BATCH_WRITES=1` also batches its',
    "  writes as Studium's hub does (each connection corked from its first frame of an event-loop turn to the turn's end), the",
    '  like-for-like baseline. All are single child processes on loopback; the load generator is one more process on the same cores.',
    '- **Fan-out throughput**: every socket is a distinct user and a sender with one message in flight (the next goes when its own',
    '  echo arrives); frames delivered to all sockets are counted over 5 s after 1 s of warm-up. Each socket sends at most 100 frames, so',
    '  the per-socket budget of 120 frames/min is never hit. `MESSAGE_RATE_LIMIT` is raised to `1000000/1000000` for the bench server',
    '  (the default is 10 then 1/s per user); every Studium message is still authorized, validated, written in a transaction with the',
    "  room's counters, and published after commit. The PostgreSQL + Redis rows run a second Studium process on a schema and a key",
    '  prefix of its own, against the same relays in the same run. "Acknowledged messages not stored": echoes received by their',
    '  authors during the throughput runs, less the messages the database gained over the scenario (0 when none is lost).',
    '- **Capacity** (the figure the targets judge): an open loop, every socket of the room sending in turn (round robin over rooms',
    '  and their sockets), at rates climbing by a quarter from 200 msgs/s; each rate runs 1 s of warm-up and 3 s measured on the',
    '  same sockets, and holds when every frame reaches every socket of its room, no error comes back and the p99 send-to-delivery',
    '  time is at most 250 ms. A rate that misses runs once more; the climb ends at the first rate that misses twice, the rate',
    '  halfway between it and the last one held (geometrically, an eighth apart) runs then, and the row gives the deliveries/s',
    '  of the highest rate that held. The load generator parses every frame on both sides, so the relay',
    `  figure is also the generator's own limit. Load average as each capacity run started: ${r.fanout
      .flatMap((f) => f.capacity?.loads ?? [])
      .map((l) => fmt(l, 1))
      .join(', ')}.`,
    '- **Latency**: an open loop at a fixed rate (round robin over rooms and their sockets) for 2 s of warm-up and 8 s measured; each',
    '  receiver records the send-to-delivery time of every frame (sender and receivers share one clock).',
    '- **Noise**: each fan-out measurement runs twice per side, alternating Studium and relay, and each side keeps its better run',
    `  (highest throughput, lowest p99). Load average during the fan-out runs: ${r.fanout
      .flatMap((f) => f.loads)
      .map((l) => fmt(l, 1))
      .join(', ')}.`,
    '- **Memory per idle socket**: measured first, on a Studium server and a relay started for it (after opening and closing 50',
    "  sockets to load the code paths), both with V8's young generation held at its smallest (`--max-semi-space-size=1`): V8 grows",
    '  it with the allocation rate, by tens of MiB whatever the number of sockets, and how much of that growth fell into the measured',
    '  step decided most of the figure (18.9 and 26.8 KiB in two runs of the same code without the flag). Read',
    `  from resident memory (VmRSS): ${fmt(m.studium.sockets)} authenticated idle sockets in 50 rooms are opened in two steps, and the`,
    '  growth of the second step (two thirds of them) is divided by its sockets. The first step also pays a one-off growth of the heap',
    `  and malloc arenas: averaged over all sockets from before the first, Studium uses ${fmt(m.studium.averageBytesPerSocket / 1024, 1)} KiB and the relay`,
    `  ${fmt(m.relay.averageBytesPerSocket / 1024, 1)} KiB per socket. Studium keeps per socket the \`ws\` socket, its session and room, and the`,
    "  Fastify request of the upgrade (held by @fastify/websocket's error listener).",
    '- **Reads**: 300 sequential requests per kind over HTTP keep-alive against 100 rooms of history (plus a reaction on every tenth',
    '  message): the newest page (`?limit=50`), a page from the middle of a room (`?before=<median id>`), the root room list and a',
    "  30-child list; first at the small size (10k seeded rows plus the fan-out runs' messages), then after bulk-inserting up to 1M",
    `  rows straight into SQLite (${fmt(r.seedSeconds, 1)} s). Before each size the WAL is checkpointed and one untimed pass warms the`,
    "  caches. History walks the `(room_id, id)` index; room lists read the rooms' counters and never touch messages.",
    ...(r.partyCandidates ? partyMethod(r.partyCandidates, r.partyLoad) : []),
    ...(r.discovery ? discoveryMethod(r.discovery, r.discoveryLoad) : []),
    '',
    '## Where the time goes, and what is next',
    '',
    "- Each Studium message is authorized, validated and written durably (the message, the room's counters, mentions and",
    '  notifications) before anyone sees it. Two things pay for that:',
    '  - **Group commit** (`server/src/db/writer.ts`): sends that arrive within one event-loop turn run in one transaction, on',
    '    SQLite and on PostgreSQL, without a savepoint each unless one fails (then the batch runs again, each send in its own savepoint,',
    "    so a failing send fails alone), and commit together at the turn's end; a message is published only after its commit. In a",
    '    CPU profile of the 50 × 20 run on SQLite the commit had been the largest',
    "    single cost (20 %). On PostgreSQL the writer has connections of its own, and the rooms' counters are bumped once per",
    '    batch, locked in ascending id order, so batches side by side never deadlock.',
    '  - **Batched writes** (`server/src/realtime/hub.ts`): messages committed together are published together, and the frames of one',
    '    tick to one connection leave in one `writev`. On loopback every write runs the whole TCP path in the kernel: 45 % of the',
    '    profile before.',
    '  - **Writes held while busy** (`server/src/realtime/busy-gauge.ts`, `WS_COALESCE_MS`): in an open loop near capacity a',
    '    commit rarely carries two messages of one room, so most connections still got one write per message: in a CPU profile at',
    "    1,500 msgs/s those single writes and the few `writev`s were 46 % of the server's busy time, SQLite 15 %. While the event",
    '    loop has spent three quarters of its last 100 ms running callbacks (calm again under half), each connection stays corked',
    '    up to 20 ms, so the frames of the commits meanwhile share its write: the writes fell to 28 % of the profile, and the',
    '    capacity, measured alone in turn on a quiet machine (load 1.2–2.2), rose from 2,608 to 4,075 msgs/s (46 % → 90 % of the',
    '    relay in the same runs). A quiet server writes after every tick as before.',
    '- The bare relay writes once per socket per message, which is why Studium can deliver more frames per second than it; the',
    '  rows against the relay that batches its writes too show what authorization, validation and storage cost.',
    '- Batching costs latency only up to one event-loop turn, and holding while busy up to 20 ms more: the p99 rows above.',
    "- Other send-path fixes: its three per-message queries (the room with the sender's role, the insert, the room's counters) are",
    '  built and compiled by Kysely once per engine and then run with new values (`server/src/db/compiled.ts`; building and',
    '  compiling had taken more time than SQLite running them), prepared statements are cached by SQL text',
    "  (`server/src/db/database.ts`), the role is read as a subquery (SQLite's STAT4 build re-prepared the former LEFT JOIN, bound",
    '  in its ON clause, on every run: 19 µs against 1.4 µs), and the session is confirmed every 30 s rather than per frame.',
    '- The way here, in stored messages/s at 50 × 20 (the same throughput loop, run alone, 2026-11-22): 2,600 at the start; 3,100',
    '  with the subquery; 3,200–4,600 with group commit; 7,400–10,300 with batched writes; 14,700–15,500 with compiled queries.',
    '  A background checkpointer (a worker thread folding the WAL back instead of the committing connection) measured no gain',
    '  on two cores and was left out.',
    '- **The PostgreSQL send path.** Each statement is a round trip to another process, and on loopback each round trip is a',
    '  socket write that runs the whole TCP path in the kernel (85 % of the time the server spent issuing queries, in a CPU',
    '  profile of the 50 × 20 run). A plain message in a public room took seven before group commit (`BEGIN`, the room with the',
    "  sender's role, the insert, the room's counters, the members who want every message, the attachments read back, `COMMIT`),",
    '  four with it (a savepoint per message; the counters once per batch; no read-back without attachments), and three now:',
    '  - **No savepoint on the way that almost always succeeds.** A batch runs its units without savepoints; when one fails, the',
    '    batch rolls back and runs again, each unit in its own savepoint, so only the failing one fails (`writer.ts`; what a unit',
    '    does outside the database, a rate-limit token, goes through `oncePerUnit` and is not repeated). Measured alternately on',
    '    the same machine: server CPU per stored message 662 → 589 µs, the database 409 → 349 µs, stored messages/s +11 %.',
    '  - **Statements prepared once per connection** (`server/src/db/prepared-client.ts`): Kysely sends every query unnamed, so',
    '    PostgreSQL parsed and planned each one on every run. Named, each is planned once per connection and then only bound and',
    '    run: the database CPU per stored message fell from about 750 to 430 µs (pgbench on the same statements, 16 messages a',
    '    transaction, 4 clients: 210 → 352 transactions/s). A pooler in front must keep session mode (docs/operations.md).',
    "  - The author's rights over the new message (`can_edit`, `can_delete`) are decided in the send's own unit from the access",
    '    it checked, not read again after the commit.',
    "  - Left: folding the members' notification levels into the room read (one round trip of the three), and the DM block check.",
    '- At these rates the load generator, which shares the two cores, becomes a limit of its own: the server is idle for part of',
    '  the Studium runs. Across processes, Redis pub/sub adds one hop per message.',
    '- Party candidate search, the way here (same machine, under load): reading whole rows of the topic through a narrow index and',
    '  scoring all of them, 27 / 190 ms p50 / p99; reading only the scoring columns, with shared members from one lookup and',
    '  windows written out only for the 20 answered, about 25 / 210 ms at a higher load; with the covering index, 9 / 26 ms. In a CPU',
    '  profile of the server the rest splits roughly into SQLite (a quarter), scoring with its JSON parsing (a fifth) and the',
    '  response write on loopback (an eighth).',
    '',
  ];
  return lines.join('\n');
}

/**
 * docs/benchmarks.md mixes what this run measures with what is written by hand (analyses,
 * one-off measurements) and the first-visit section of scripts/lighthouse.mjs: each generated
 * part sits between `<!-- bench:NAME:start -->` and `<!-- bench:NAME:end -->` and only those
 * parts are replaced; a part the file lacks is added at its end.
 */
export function replaceBlocks(text, blocks) {
  let out = text;
  for (const [name, body] of Object.entries(blocks)) {
    const start = `<!-- bench:${name}:start -->`;
    const end = `<!-- bench:${name}:end -->`;
    const block = `${start}\n${body.trimEnd()}\n${end}`;
    const from = out.indexOf(start);
    const to = out.indexOf(end);
    out =
      from >= 0 && to > from
        ? out.slice(0, from) + block + out.slice(to + end.length)
        : `${out.trimEnd()}${out ? '\n\n' : ''}${block}\n`;
  }
  return out;
}
