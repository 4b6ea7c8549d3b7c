import { describe, expect, test } from 'vitest';
import { RoomIndex, parseAnswer } from '../engine';
import { SCORED_SLOTS, measureDiscovery, measureExtraction, seedRoomDocs } from './measure';
import {
  CORPUS_SLOTS,
  corpusSplit,
  measureCorpus,
  type CorpusReport,
  type CorpusSplit,
} from './measure-corpus';

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

const row = (report: CorpusReport) => ({
  answers: String(report.answers),
  ...Object.fromEntries(CORPUS_SLOTS.map((s) => [s, pct(report.accuracy[s])])),
  'fully right': pct(report.fullyRight / report.answers),
  'confident errors': `${report.confidentErrors}/${report.statedSlots} = ${pct(report.confidentErrors / report.statedSlots)}`,
});

/**
 * Below what was measured on dev + test at the last change, so a regression fails CI. Days fell
 * from 0.99 to 0.98 when availability began to be asked where the reading doubts itself: windows
 * with the right days and wrong times are now asked, and so are a few right ones
 * (docs/assistants.md, "Measured quality").
 */
const THRESHOLDS = {
  courses: 0.95,
  languages: 0.98,
  // 0.99 and 9/786 since the round on the ninth and tenth sets' dev misses (test modality 112/114).
  modality: 0.99,
  // 0.985 and 0.975 since the round on the sixteenth set's dev misses (test days 111, times 109/114).
  days: 0.985,
  times: 0.975,
  // After the round on the seventeenth and eighteenth sets' dev misses: 0.971 (201/207; test role
  // 108/114).
  role: 0.971,
  // 0.011 since the round on the twelfth set's dev misses (8/786; dev courses 92/93).
  confidentErrors: 0.011,
};

describe('interview corpus (thresholds on dev + test, docs/assistants.md)', () => {
  test('per-slot accuracy and confident errors', async () => {
    const parse = async (text: string) => parseAnswer(text);
    const rows: Record<string, ReturnType<typeof row>> = {};
    for (const split of ['train', 'dev', 'test'] as CorpusSplit[]) {
      const report = await measureCorpus(parse, corpusSplit(split));
      rows[split] = row(report);
      // The test split is never printed line by line: it is measured, never tuned on.
      if (SHOW_FAILURES && split !== 'test')
        for (const f of report.failures) console.log(split, JSON.stringify(f));
    }
    const held = await measureCorpus(parse, corpusSplit('dev', 'test'));
    rows['dev + test'] = row(held);
    console.table(rows);
    for (const slot of CORPUS_SLOTS)
      expect(held.accuracy[slot], slot).toBeGreaterThanOrEqual(THRESHOLDS[slot]);
    expect(held.confidentErrors / held.statedSlots).toBeLessThanOrEqual(THRESHOLDS.confidentErrors);
  });
});
