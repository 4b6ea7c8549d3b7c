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
 * First run, on the engine as it was when the set was committed: FIRST_RUN.
 *
 * The floors are the figures of the first run, rounded down to one decimal percent; the confident
 * errors (over the slots the answers state), rounded up, must stay at or below theirs.
 */
const FLOORS: Record<OutsideSplit, Record<Figure, number> & { confidentErrors: number }> = {
  dev: {
    courses: 0,
    languages: 0,
    modality: 0,
    days: 0,
    times: 0,
    role: 0,
    fullyRight: 0,
    confidentErrors: 1,
  },
  test: {
    courses: 0,
    languages: 0,
    modality: 0,
    days: 0,
    times: 0,
    role: 0,
    fullyRight: 0,
    confidentErrors: 1,
  },
};

describe('interview answers from outside the team, third set', () => {
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
