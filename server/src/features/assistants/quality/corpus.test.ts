import { describe, expect, test } from 'vitest';
import { parseAnswer } from '../engine';
import { CORPUS_SLOTS, corpusSplit, measureCorpus, type CorpusSplit } from './measure-corpus';

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
/** Failures are printed for the splits tuned on only; the test split is never read line by line. */
const SHOW_FAILURES = process.env.QUALITY_FAILURES === '1';

describe('interview corpus (train / dev / test)', () => {
  test('per-slot accuracy and confident errors', async () => {
    const rows: Record<string, Record<string, string>> = {};
    for (const split of ['train', 'dev'] as CorpusSplit[]) {
      const report = await measureCorpus(async (text) => parseAnswer(text), corpusSplit(split));
      rows[split] = {
        answers: String(report.answers),
        ...Object.fromEntries(CORPUS_SLOTS.map((s) => [s, pct(report.accuracy[s])])),
        'fully right': pct(report.fullyRight / report.answers),
        'confident errors': `${report.confidentErrors}/${report.statedSlots} = ${pct(report.confidentErrors / report.statedSlots)}`,
      };
      if (SHOW_FAILURES) for (const f of report.failures) console.log(split, JSON.stringify(f));
    }
    console.table(rows);
    expect(rows.dev).toBeDefined();
  });
});
