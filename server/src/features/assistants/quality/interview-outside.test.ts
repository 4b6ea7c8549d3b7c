import { describe, expect, test } from 'vitest';
import { parseAnswer } from '../engine';
import { CORPUS_SLOTS, measureCorpus, type CorpusLabel, type CorpusReport } from './measure-corpus';
import outside from './interview-outside.json';

/**
 * 120 interview answers written from outside the team, by someone who had not read the engine
 * (`interview-outside.json`), scored as the corpus is (`measureCorpus`). One round of changes read
 * the misses of the dev split (51 answers) and fixed the kinds of failure they showed; the test
 * split (69) is never tuned on and its misses are never printed, so its numbers stay an estimate
 * for phrasing the engine has not seen. The floors are the figures after the latest round (the one
 * on the second outside set, `interview-outside-2.test.ts`, moved the test split's days, times and
 * confident errors), rounded down to one decimal percent (docs/assistants.md, "Measured quality").
 */

type OutsideSplit = 'dev' | 'test';
const ANSWERS = (outside as { answers: Array<Omit<CorpusLabel, 'split'> & { split: OutsideSplit }> }).answers;
const ofSplit = (split: OutsideSplit): CorpusLabel[] => ANSWERS.filter((a) => a.split === split);

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** Every figure that must not fall, as a fraction: the slots and the answers fully right. */
const figures = (r: CorpusReport) => ({ ...r.accuracy, fullyRight: r.fullyRight / r.answers });
type Figure = keyof ReturnType<typeof figures>;

/**
 * After the round, rounded down to 0.1 %: each figure of each split must stay at or above it; the
 * confident errors (over the slots the answers state), rounded up, must stay at or below it.
 */
const FLOORS: Record<OutsideSplit, Record<Figure, number> & { confidentErrors: number }> = {
  // 51 answers, all read fully right (first run: courses 46, languages 51, modality 50, days 46,
  // times 37, role 39, fully right 29; 17/181 confident errors).
  dev: {
    courses: 1,
    languages: 1,
    modality: 1,
    days: 1,
    times: 1,
    role: 1,
    fullyRight: 1,
    confidentErrors: 0,
  },
  // 69 answers: courses 63, languages 69, modality 61, days 60, times 56, role 56, fully right 34;
  // 15/234 confident errors, after the engine learnt to ask where it doubts itself (before: days 66,
  // times 58, fully right 36; 21/234; after the first round: 63, 69, 61, 65, 57, 56, 35; 22/234;
  // first run: 62, 69, 61, 61, 48, 53, 28; 32/234). Asking empties wrong windows and some right
  // ones (docs/assistants.md).
  test: {
    courses: 0.913,
    languages: 1,
    modality: 0.884,
    days: 0.869,
    times: 0.811,
    role: 0.811,
    fullyRight: 0.492,
    confidentErrors: 0.065,
  },
};

describe('interview answers from outside the team (floors: after the latest round)', () => {
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
