import { describe, expect, test } from 'vitest';
import { ASSISTANT_TEXTS } from '@studium/protocol';
import { seedRoomList } from '../../../seed/room-tree';
import { DISCOVERY_REQUESTS } from '../quality/measure';
import { discoveryReply } from './discovery-reply';
import { RoomIndex } from './room-index';
import { timeEach } from './timing';
import type { RoomDoc } from './types';

const ROOMS: RoomDoc[] = seedRoomList().map((r, i) => ({
  id: i + 1,
  name: r.name,
  path: r.namePath,
  slug: r.slug,
  description: r.description,
  topic: r.topic,
}));
const index = new RoomIndex(ROOMS);
const slugs = (q: string, context?: string) =>
  index.search(q, context ? { context } : {}).map((h) => h.room.slug);

describe('RoomIndex', () => {
  test('finds a room from words it does not use, through the glossary', () => {
    expect(slugs("I can't get my head around eigenvectors")[0]).toBe('math-110');
    expect(slugs('anyone up for a jog?')[0]).toBe('running');
    expect(slugs('my landlord kept the deposit')[0]).toBe('housing');
    expect(slugs('recursion and the base case')[0]).toBe('cs-101');
  });

  test('reads requests in Spanish, French and German', () => {
    expect(slugs('busco gente para estudiar estadística').slice(0, 3)).toContain('math-220');
    expect(slugs('je cherche une colocation pour septembre').slice(0, 3)).toContain('housing');
    // A German compound by its head: Brettspiel-abend.
    expect(slugs('Brettspielabend, wer ist dabei?').slice(0, 3)).toContain('board_games');
  });

  test('finds a room by its own words and through typos', () => {
    expect(slugs('linear algebra')[0]).toBe('math-110');
    expect(slugs('eigenvectros')[0]).toBe('math-110');
    expect(slugs('thermodynamcis')[0]).toBe('phys-210');
  });

  test('scores are in 0..1, best first, and every hit says why in one sentence', () => {
    const hits = index.search('quantum tunneling and wave functions', { limit: 5 });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.length).toBeLessThanOrEqual(5);
    for (const [i, h] of hits.entries()) {
      expect(h.score).toBeGreaterThanOrEqual(0);
      expect(h.score).toBeLessThanOrEqual(1);
      if (i > 0) expect(h.score).toBeLessThanOrEqual(hits[i - 1]!.score);
      expect(h.reason).toMatch(/^[A-Z].*\.$/);
    }
    expect(index.search("I can't get my head around eigenvectors")[0]!.reason).toBe(
      'You mentioned eigenvectors, a core topic of Linear Algebra.',
    );
  });

  test('the profile context is a light prior between close rooms, not a search of its own', () => {
    const plain = index.search('proofs');
    const withContext = index.search('proofs', { context: 'second year maths, real analysis' });
    expect(withContext.map((h) => h.room.slug)).toContain('math-201');
    const rank = (hits: typeof plain) => hits.findIndex((h) => h.room.slug === 'math-201');
    expect(rank(withContext)).toBeLessThanOrEqual(rank(plain) < 0 ? Infinity : rank(plain));
    expect(index.search('zzz qqq', { context: 'linear algebra' })).toEqual([]);
  });

  test('no match, empty query, tiny and empty collections', () => {
    expect(index.search('')).toEqual([]);
    expect(index.search('xylophone zeppelin')).toEqual([]);
    expect(new RoomIndex([]).search('linear algebra')).toEqual([]);
    const one = new RoomIndex([ROOMS.find((r) => r.slug === 'running')!]);
    expect(one.search('jogging').map((h) => h.room.slug)).toEqual(['running']);
  });

  test('searches 500 rooms in under 10 ms', () => {
    const many: RoomDoc[] = Array.from({ length: 500 }, (_, i) => {
      const base = ROOMS[i % ROOMS.length]!;
      return {
        ...base,
        id: i + 1,
        name: `${base.name} ${Math.floor(i / ROOMS.length) + 1}`,
        slug: `${base.slug}-${i}`,
      };
    });
    const big = new RoomIndex(many);
    const queries = DISCOVERY_REQUESTS.map((r) => r.query);
    for (const q of queries) big.search(q);
    const { wall, cpu } = timeEach(queries, (q) =>
      big.search(q, { context: 'second year CS, I like running' }),
    );
    console.log(
      `RoomIndex.search, 500 rooms: wall p50 ${wall.p50.toFixed(2)} ms, p95 ${wall.p95.toFixed(2)} ms; ` +
        `CPU p50 ${cpu.p50.toFixed(2)} ms, p95 ${cpu.p95.toFixed(2)} ms`,
    );
    // CPU time, as for parseAnswer: wall time on a shared machine is printed only.
    expect(cpu.p95).toBeLessThan(10);
  });
});

describe('discoveryReply', () => {
  test('lists the rooms with their path and why, or says none match', () => {
    const hits = index.search('anyone up for a jog?');
    const text = discoveryReply('anyone up for a jog?', hits);
    expect(text).toContain('**Running Club** (Campus Life › Running Club)');
    expect(text).toContain(hits[0]!.reason);
    expect(discoveryReply('xylophone', [])).toBe(ASSISTANT_TEXTS.noRoomsFound);
  });
});
