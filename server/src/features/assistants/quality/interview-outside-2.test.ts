import { describe, expect, test } from 'vitest';
import { parseAnswer } from '../engine';
import { CORPUS_SLOTS, measureCorpus, type CorpusLabel, type CorpusReport } from './measure-corpus';
import outside from './interview-outside-2.json';

/**
 * A second set of 120 interview answers written from outside the team, by writers who had not
 * read the engine (`interview-outside-2.json`), scored as the corpus is (`measureCorpus`). Split
 * by a hash of the text into dev (54) and test (66); the test split is never tuned on and its
 * misses are never printed. docs/assistants.md, "Measured quality".
 */

type OutsideSplit = 'dev' | 'test';
const ANSWERS = (outside as { answers: Array<Omit<CorpusLabel, 'split'> & { split: OutsideSplit }> }).answers;
const ofSplit = (split: OutsideSplit): CorpusLabel[] => ANSWERS.filter((a) => a.split === split);

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** Every figure that must not fall, as a fraction: the slots and the answers fully right. */
const figures = (r: CorpusReport) => ({ ...r.accuracy, fullyRight: r.fullyRight / r.answers });
type Figure = keyof ReturnType<typeof figures>;

/**
 * One round of changes read the misses of the dev split and fixed the kinds of failure they showed;
 * the test split was measured once, at the end. First run, on the engine as it was when the set
 * was committed (answers right per slot): dev (54): courses 48, languages 52, modality 52, days
 * 45, times 33, role 47, fully right 24; 30/215 = 14.0 % confident errors. test (66): courses 59,
 * languages 61, modality 56, days 56, times 44, role 57, fully right 26; 43/277 = 15.5 % confident
 * errors.
 *
 * The floors are the figures after that round, rounded down to one decimal percent; the confident
 * errors (over the slots the answers state), rounded up, must stay at or below theirs.
 */
const FLOORS: Record<OutsideSplit, Record<Figure, number> & { confidentErrors: number }> = {
  // 54 answers: courses 52, languages 54, modality 54, days 52, times 51, role 54, fully right 50;
  // 2/215 confident errors, after the engine learnt to ask where it doubts itself (after the first
  // round: days 53, 4/215).
  dev: {
    courses: 0.962,
    languages: 1,
    modality: 1,
    days: 0.962,
    times: 0.944,
    role: 1,
    fullyRight: 0.925,
    confidentErrors: 0.01,
  },
  // 66 answers: courses 60, languages 61, modality 56, days 52, times 44, role 57, fully right 25;
  // 31/277 confident errors, after the doubts (after the first round: days 56, times 45, fully
  // right 26; 41/277): asking empties wrong windows and some right ones (docs/assistants.md).
  test: {
    courses: 0.909,
    languages: 0.924,
    modality: 0.848,
    days: 0.787,
    times: 0.666,
    role: 0.863,
    fullyRight: 0.378,
    confidentErrors: 0.112,
  },
};

describe('interview answers from outside the team, second set (floors: after the first round)', () => {
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
