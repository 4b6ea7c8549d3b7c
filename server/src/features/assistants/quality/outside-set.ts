import { describe, expect, test } from 'vitest';
import { parseAnswer } from '../engine';
import { CORPUS_SLOTS, measureCorpus, type CorpusLabel, type CorpusReport } from './measure-corpus';

/**
 * The sets of interview answers written from outside the team (`interview-outside*.json`), each
 * split by a hash of the text into dev (read while tuning) and test (never tuned on, its misses
 * never printed), scored as the corpus is (`measureCorpus`). docs/assistants.md, "Measured quality".
 */
export type OutsideSplit = 'dev' | 'test';
type OutsideAnswer = Omit<CorpusLabel, 'split'> & { split: OutsideSplit };

/** Every figure that must not fall, as a fraction: the slots and the answers fully right. */
const figures = (r: CorpusReport) => ({ ...r.accuracy, fullyRight: r.fullyRight / r.answers });
type Figure = keyof ReturnType<typeof figures>;

/**
 * Each split's figures rounded down to 0.1 % (none may fall below), and its confident errors over
 * the slots the answers state, rounded up (they may not rise above).
 */
export type OutsideFloors = Record<OutsideSplit, Record<Figure, number> & { confidentErrors: number }>;

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** Measures both splits of a set, prints them as a table and holds every figure to its floor. */
export function describeOutsideSet(title: string, set: unknown, floors: OutsideFloors): void {
  const answers = (set as { answers: OutsideAnswer[] }).answers;
  const ofSplit = (split: OutsideSplit): CorpusLabel[] => answers.filter((a) => a.split === split);
  describe(title, () => {
    test('per-slot accuracy, answers fully right and confident errors, per split', async () => {
      const parse = async (text: string) => parseAnswer(text);
      const rows: Record<string, Record<string, string>> = {};
      const reports = {} as Record<OutsideSplit, CorpusReport>;
      for (const split of ['dev', 'test'] as const) {
        const report = await measureCorpus(parse, ofSplit(split));
        reports[split] = report;
        rows[split] = {
          answers: String(report.answers),
          ...Object.fromEntries(CORPUS_SLOTS.map((s) => [s, pct(report.accuracy[s])])),
          'fully right': `${report.fullyRight}/${report.answers} = ${pct(report.fullyRight / report.answers)}`,
          'confident errors': `${report.confidentErrors}/${report.statedSlots} = ${pct(report.confidentErrors / report.statedSlots)}`,
        };
      }
      console.table(rows);
      for (const split of ['dev', 'test'] as const) {
        const report = reports[split];
        const { confidentErrors, ...least } = floors[split];
        const got = figures(report);
        for (const [figure, floor] of Object.entries(least) as Array<[Figure, number]>)
          expect(got[figure], `${split} ${figure}`).toBeGreaterThanOrEqual(floor);
        expect(report.confidentErrors / report.statedSlots, `${split} confident errors`).toBeLessThanOrEqual(
          confidentErrors,
        );
      }
    });
  });
}
