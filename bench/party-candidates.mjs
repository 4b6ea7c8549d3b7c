// Candidate search of group matchmaking: 100,000 open parties over 73 topics (as many as the
// catalogue has), then `GET /api/party/{id}/candidates` for 50 parties, sequentially.
// Runs inside `npm run bench` (bench/run.mjs), or alone: `node bench/party-candidates.mjs`
// (after `npm run build`), which starts its own server on SQLite.
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { checkpoint, createUsers, withAloneServer } from './fixtures.mjs';
import { cpuMs, percentile } from './lib.mjs';
import { partyMethod, partyRow } from './report.mjs';

export const PARTY_COUNT = 100_000;
export const TOPIC_COUNT = 73;

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const LANGUAGES = ['en', 'fr', 'de', 'es', 'it'];
const LEVELS = ['bachelor_1', 'bachelor_2', 'bachelor_3', 'master', 'phd', 'other', null];
const RANK = { bachelor_1: 1, bachelor_2: 2, bachelor_3: 3, master: 4, phd: 5 };
const MODALITIES = ['in_person', 'remote', 'either'];

/** A small deterministic generator, so every run seeds the same parties. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const hhmm = (minutes) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * `count` open parties, spread evenly over the topics, owned round robin by `owners` (each
 * party's owner is its one registered member): sizes 1-4, targets up to 4 more, 1-4 weekly blocks.
 * Returns the ids of the parties of the first `subjectOwners` owners, one each.
 */
export function seedParties(db, owners, count = PARTY_COUNT) {
  const rnd = random(42);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const at = new Date().toISOString();
  const insertParty = db.prepare(
    `insert into parties (user_id, topic_key, target_size, existing_member_count, preferred_complement_size, pitch, campus, languages, modality,
       availability, location_hint, members, study_level, status, created_at, updated_at)
     values (?, ?, ?, ?, ?, 'We meet to work through the problem sets together.', ?, ?, ?, ?, '', ?, ?, 'open', ?, ?) returning id`,
  );
  const insertMember = db.prepare('insert into party_members (party_id, user_id, position) values (?, ?, 0)');
  const firstOf = new Map();
  const BATCH = 20_000;
  for (let done = 0; done < count; done += BATCH) {
    db.transaction(() => {
      for (let i = done; i < Math.min(count, done + BATCH); i++) {
        const owner = owners[i % owners.length];
        const size = 1 + Math.floor(rnd() * 4);
        const target = size + 1 + Math.floor(rnd() * 4);
        const complement = rnd() < 0.5 ? null : Math.floor(rnd() * (target - size + 1));
        const blocks = Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => {
          const start = (8 + Math.floor(rnd() * 10)) * 60;
          return { day: pick(DAYS), start: hhmm(start), end: hhmm(start + 60 + Math.floor(rnd() * 4) * 30) };
        });
        const languages = LANGUAGES.filter(() => rnd() < 0.3).join(',');
        const members = Array.from({ length: size }, (_, m) => ({
          username: m === 0 ? owner.username : null,
          display_name: m === 0 ? owner.username : `Teammate ${m}`,
          is_owner: m === 0,
          prefs: { study_level: pick(LEVELS), grades: '', blurb: '' },
        }));
        const ranks = members.map((m) => RANK[m.prefs.study_level]).filter(Boolean);
        const level = ranks.length ? ranks.reduce((a, b) => a + b, 0) / ranks.length : null;
        const topic = `topic-${i % TOPIC_COUNT}`;
        const { id } = insertParty.get(
          owner.id,
          topic,
          target,
          size,
          complement,
          pick(['', 'north', 'south', 'east', 'west']),
          languages,
          pick(MODALITIES),
          JSON.stringify(blocks),
          JSON.stringify(members),
          level,
          at,
          at,
        );
        insertMember.run(id, owner.id);
        if (!firstOf.has(owner.id)) firstOf.set(owner.id, id);
      }
    })();
  }
  return firstOf;
}

/** p50/p99 of the candidate search, each of 50 owners asking for their own party's candidates. */
export async function measurePartyCandidates(db, baseUrl, users, serverPid, rounds = 300) {
  const started = performance.now();
  const owners = users.slice(0, 2000);
  const firstOf = seedParties(db, owners);
  const seedSeconds = (performance.now() - started) / 1000;
  checkpoint(db);
  const askers = owners.slice(0, 50).map((owner) => ({
    url: `${baseUrl}/api/party/${firstOf.get(owner.id)}/candidates`,
    headers: { cookie: owner.cookie },
  }));
  // A pooled keep-alive connection the server timed out fails once; the retry opens a new one.
  const get = ({ url, headers }) => fetch(url, { headers }).catch(() => fetch(url, { headers }));
  // One untimed pass warms the caches; then round robin over the askers.
  for (const asker of askers) await get(asker).then((res) => res.arrayBuffer());
  const samples = [];
  let candidates = 0;
  const cpuBefore = cpuMs(serverPid);
  for (let i = 0; i < rounds; i++) {
    const asker = askers[i % askers.length];
    const start = performance.now();
    const res = await get(asker);
    const body = await res.json();
    samples.push(performance.now() - start);
    if (!res.ok) throw new Error(`${asker.url}: ${res.status}`);
    candidates += body.candidates.length;
  }
  // The server's own CPU time per request: on a shared machine, the figure that does not count waiting for a core.
  const cpuPerRequest = (cpuMs(serverPid) - cpuBefore) / rounds;
  samples.sort((a, b) => a - b);
  return {
    parties: PARTY_COUNT,
    topics: TOPIC_COUNT,
    perTopic: Math.round(PARTY_COUNT / TOPIC_COUNT),
    seedSeconds,
    requests: rounds,
    meanCandidates: candidates / rounds,
    cpuPerRequest,
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
  };
}

// Alone: a server of its own on SQLite, the parties, the measurement, the figures.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await withAloneServer('parties', {}, async ({ base, db, server }) => {
    const users = createUsers(db, 2000, 'party');
    const load = os.loadavg()[0];
    const result = await measurePartyCandidates(db, base, users, server.pid);
    console.log(JSON.stringify({ ...result, load }, null, 2));
    console.log(`| ${partyRow(result).slice(0, 5).join(' | ')} | ${partyRow(result)[5] ? 'yes' : 'NO'} |`);
    console.log(partyMethod(result, load).join('\n'));
  });
}
