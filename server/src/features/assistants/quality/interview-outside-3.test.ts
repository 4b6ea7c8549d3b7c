import { describe, expect, test } from 'vitest';
import { parseAnswer } from '../engine';
import { CORPUS_SLOTS, measureCorpus, type CorpusLabel, type CorpusReport } from './measure-corpus';
import outside from './interview-outside-3.json';

/**
 * A third set of 120 interview answers written from outside the team, by writers who had not read
 * the engine (`interview-outside-3.json`), scored as the corpus is (`measureCorpus`). Split by a
 * hash of the text into dev (55) and test (65); the test split is never tuned on and its misses
 * are never printed. docs/assistants.md, "Measured quality".
 */

type OutsideSplit = 'dev' | 'test';
const ANSWERS = (outside as { answers: Array<Omit<CorpusLabel, 'split'> & { split: OutsideSplit }> }).answers;
const ofSplit = (split: OutsideSplit): CorpusLabel[] => ANSWERS.filter((a) => a.split === split);

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** Every figure that must not fall, as a fraction: the slots and the answers fully right. */
const figures = (r: CorpusReport) => ({ ...r.accuracy, fullyRight: r.fullyRight / r.answers });
type Figure = keyof ReturnType<typeof figures>;

/**
 * First run, on the engine as it was when the set was committed (answers right per slot): dev
 * (55): courses 51, languages 54, modality 48, days 47, times 40, role 50, fully right 29;
 * 22/219 = 10.0 % confident errors. test (65): courses 56, languages 63, modality 60, days 57,
 * times 49, role 60, fully right 33; 29/268 = 10.8 % confident errors.
 *
 * Then the engine learnt to ask where its reading doubts itself (doubts.ts; docs/assistants.md,
 * "Measured quality"), chosen on the dev splits only; the test split was measured once, at the end.
 * The floors are the figures after that, rounded down to one decimal percent; the confident errors
 * (over the slots the answers state), rounded up, must stay at or below theirs.
 */
const FLOORS: Record<OutsideSplit, Record<Figure, number> & { confidentErrors: number }> = {
  // 55 answers: courses 52, languages 54, modality 48, days 40, times 40, role 51, fully right 30;
  // 4/219 confident errors.
  dev: {
    courses: 0.945,
    languages: 0.981,
    modality: 0.872,
    days: 0.727,
    times: 0.727,
    role: 0.927,
    fullyRight: 0.545,
    confidentErrors: 0.019,
  },
  // 65 answers: courses 56, languages 63, modality 59, days 49, times 45, role 60, fully right 29;
  // 20/268 confident errors. Days, times, modality and fully right are below the first run: the
  // slots now asked include right ones (docs/assistants.md).
  test: {
    courses: 0.861,
    languages: 0.969,
    modality: 0.907,
    days: 0.753,
    times: 0.692,
    role: 0.923,
    fullyRight: 0.446,
    confidentErrors: 0.075,
  },
};

describe('interview answers from outside the team, third set (floors: after the doubts)', () => {
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
      const { confidentErrors, ...floors } = FLOORS[split];
      const got = figures(report);
      for (const [figure, floor] of Object.entries(floors) as Array<[Figure, number]>)
        expect(got[figure], `${split} ${figure}`).toBeGreaterThanOrEqual(floor);
      expect(report.confidentErrors / report.statedSlots, `${split} confident errors`).toBeLessThanOrEqual(
        confidentErrors,
      );
    }
  });
});
