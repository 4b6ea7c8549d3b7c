import { describe, expect, test } from 'vitest';
import { seedRoomList } from '../../../seed/room-tree';
import { RoomIndex, parseAnswer, type RoomDoc } from '../engine';
import { SCORED_SLOTS, measureDiscovery, measureExtraction } from './measure';

/** The seeded room tree as the discovery index sees it (every room readable). */
export function seedRoomDocs(): RoomDoc[] {
  return seedRoomList().map((room, i) => ({
    id: i + 1,
    name: room.name,
    path: room.namePath,
    slug: room.slug,
    description: room.description,
    topic: room.topic,
  }));
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const SHOW_FAILURES = process.env.QUALITY_FAILURES === '1';

describe('offline engine quality (thresholds: 90 % per slot, 80 % discovery top-3)', () => {
  test('interview answers: per-slot accuracy', async () => {
    const report = await measureExtraction(async (text) => parseAnswer(text));
    console.table(
      Object.fromEntries(
        SCORED_SLOTS.map((slot) => [
          slot,
          {
            all: pct(report.accuracy.all[slot]),
            tuned: pct(report.accuracy.tuned[slot]),
            'held-out': pct(report.accuracy.heldout[slot]),
          },
        ]),
      ),
    );
    console.log(
      `answers: ${report.counts.all} (${report.counts.tuned} tuned, ${report.counts.heldout} held out)`,
    );
    if (SHOW_FAILURES) for (const f of report.failures) console.log(JSON.stringify(f));
    for (const slot of SCORED_SLOTS) expect(report.accuracy.all[slot], slot).toBeGreaterThanOrEqual(0.9);
  });

  test('discovery requests: top-3 rate', async () => {
    const index = new RoomIndex(seedRoomDocs());
    const report = await measureDiscovery(async (q) => index.search(q, { limit: 5 }).map((h) => h.room));
    console.table({
      'top-3': {
        all: pct(report.top3.all),
        tuned: pct(report.top3.tuned),
        'held-out': pct(report.top3.heldout),
      },
      'top-1': {
        all: pct(report.top1.all),
        tuned: pct(report.top1.tuned),
        'held-out': pct(report.top1.heldout),
      },
    });
    console.log(
      `requests: ${report.counts.all} (${report.counts.tuned} tuned, ${report.counts.heldout} held out)`,
    );
    if (SHOW_FAILURES) for (const f of report.failures) console.log(JSON.stringify(f));
    expect(report.top3.all).toBeGreaterThanOrEqual(0.8);
  });
});
