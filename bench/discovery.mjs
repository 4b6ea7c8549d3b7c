// Room discovery: 1,000 tree rooms with names, topics and descriptions in a catalogue's words, then
// `GET /api/assistants/discover/?q=` with the requests of the assistants' quality set, sequentially.
// Runs inside `npm run bench` (bench/run.mjs), or alone: `node bench/discovery.mjs` (after
// `npm run build`), which starts its own server on SQLite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createUsers, withAloneServer } from './fixtures.mjs';
import { cpuMs, fmt, percentile } from './lib.mjs';

export const DISCOVERY_ROOMS = 1000;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SUBJECTS = [
  'algebra',
  'calculus',
  'statistics',
  'probability',
  'databases',
  'compilers',
  'networks',
  'security',
  'genetics',
  'ecology',
  'chemistry',
  'thermodynamics',
  'optics',
  'mechanics',
  'economics',
  'finance',
  'marketing',
  'philosophy',
  'ethics',
  'history',
  'linguistics',
  'french',
  'spanish',
  'german',
  'law',
  'psychology',
  'sociology',
  'architecture',
  'drawing',
  'music',
  'running',
  'chess',
  'cooking',
  'hiking',
];
const KINDS = [
  'study group',
  'exam prep',
  'homework help',
  'reading circle',
  'project team',
  'club',
  'lab',
  'seminar',
];
const WORDS = [
  'problem sets',
  'lecture notes',
  'past papers',
  'weekly meetups',
  'flashcards',
  'proofs',
  'case studies',
  'experiments',
  'essays',
  'presentations',
  'group projects',
  'revision',
  'office hours',
  'practice',
];

/** A small deterministic generator, so every run seeds the same rooms. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** `count` readable tree rooms under 34 subject parents, each with a name, topic and description. */
export function seedDiscoveryRooms(db, count = DISCOVERY_ROOMS) {
  const rnd = random(7);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const now = new Date().toISOString();
  const insert = db.prepare(
    "insert into rooms (name, slug, path, parent_id, depth, kind, topic, description, is_bot_allowed, is_public_readable, is_write_gated, owner_id, message_count, last_message_at, created_at) values (?, ?, ?, ?, ?, 'public', ?, ?, 0, 1, 0, null, 0, null, ?) returning id",
  );
  db.transaction(() => {
    const parents = SUBJECTS.map((subject) => {
      const slug = `disc-${subject}`;
      return {
        subject,
        slug,
        id: insert.get(subject, slug, slug, null, 0, subject, `Everything ${subject}.`, now).id,
      };
    });
    for (let i = parents.length; i < count; i++) {
      const parent = pick(parents);
      const kind = pick(KINDS);
      const slug = `disc-${i}`;
      insert.get(
        `${parent.subject} ${kind} ${i}`,
        slug,
        `${parent.slug}.${slug}`,
        parent.id,
        1,
        `${parent.subject} ${kind}`,
        `A ${kind} for ${parent.subject}: ${pick(WORDS)}, ${pick(WORDS)} and ${pick(WORDS)}.`,
        now,
      );
    }
  })();
}

/** p50/p99 of discovery over HTTP, and the server's own CPU time per request. */
export async function measureDiscovery(db, baseUrl, user, serverPid, rounds = 300) {
  seedDiscoveryRooms(db);
  const set = JSON.parse(
    fs.readFileSync(
      path.join(ROOT, 'server/src/features/assistants/quality/discovery-requests.json'),
      'utf8',
    ),
  );
  const queries = set.requests.map((r) => r.query);
  const headers = { cookie: user.cookie };
  const get = (q) => {
    const url = `${baseUrl}/api/assistants/discover/?q=${encodeURIComponent(q)}`;
    return fetch(url, { headers }).catch(() => fetch(url, { headers }));
  };
  // One untimed request builds the index, as the first request after a start or a room change does.
  const first = performance.now();
  await (await get(queries[0])).arrayBuffer();
  const firstMs = performance.now() - first;
  const samples = [];
  let results = 0;
  const cpuBefore = cpuMs(serverPid);
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    const res = await get(queries[i % queries.length]);
    const body = await res.json();
    samples.push(performance.now() - start);
    if (!res.ok) throw new Error(`discover: ${res.status} ${JSON.stringify(body)}`);
    results += body.rooms.length;
  }
  const cpuPerRequest = (cpuMs(serverPid) - cpuBefore) / rounds;
  samples.sort((a, b) => a - b);
  return {
    rooms: DISCOVERY_ROOMS,
    requests: rounds,
    firstMs,
    meanResults: results / rounds,
    cpuPerRequest,
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
  };
}

/** The table row (bench/report.mjs). */
export const discoveryRow = (d) => [
  `room discovery p50 / p99 at ${fmt(d.rooms)} rooms`,
  `${fmt(d.p50, 2)} / ${fmt(d.p99, 2)} ms`,
  '',
  `${fmt(d.cpuPerRequest, 1)} ms CPU / request`,
  'p50 ≤ 10 ms',
  d.p50 <= 10,
];

/** How discovery is measured, for docs/benchmarks.md. */
export function discoveryMethod(d, load) {
  return [
    `- **Room discovery**: ${fmt(d.rooms)} readable tree rooms (34 subjects, each room with a name, topic and description)`,
    `  written straight into SQLite, then ${d.requests} sequential \`GET /api/assistants/discover/?q=\` with the requests of the`,
    "  assistants' quality set (server/src/features/assistants/quality/discovery-requests.json), after one untimed request that",
    `  builds the room index (${fmt(d.firstMs, 0)} ms). The index is kept between requests and rebuilt only when a tree room changes;`,
    `  each request still reads the rooms and the user's memberships. Load average when it started: ${fmt(load, 1)}.`,
  ];
}

// Alone: a server of its own on SQLite, the rooms, the measurement, the figures.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await withAloneServer(
    'discovery',
    { ASSISTANT_RATE_LIMIT: '1000000/1000000' },
    async ({ base, db, server }) => {
      const [user] = createUsers(db, 1, 'disc');
      const load = os.loadavg()[0];
      const result = await measureDiscovery(db, base, user, server.pid);
      console.log(JSON.stringify({ ...result, load }, null, 2));
      console.log(
        `| ${discoveryRow(result).slice(0, 5).join(' | ')} | ${discoveryRow(result)[5] ? 'yes' : 'NO'} |`,
      );
    },
  );
}
