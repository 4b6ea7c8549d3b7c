import { describeOutsideSet, type OutsideFloors } from './outside-set';
import outside from './interview-outside-5.json';

/**
 * A fifth set of 120 interview answers written from outside the team, by writers who had not read
 * the engine (`interview-outside-5.json`), scored as the corpus is (`measureCorpus`). Split by a
 * hash of the text into dev (52) and test (68); the test split is never tuned on and its misses
 * are never printed. docs/assistants.md, "Measured quality".
 */

/**
 * First run, on the engine as it was when the set was committed (answers right per slot): dev
 * (52): courses 49, languages 51, modality 41, days 47, times 45, role 41, fully right 26;
 * 17/202 = 8.4 % confident errors. test (68): courses 68, languages 66, modality 60, days 59,
 * times 57, role 59, fully right 43; 14/245 = 5.7 % confident errors. The floors are those figures,
 * rounded down to one decimal percent; the confident errors, rounded up, may not rise above theirs.
 */
const FLOORS: OutsideFloors = {
  dev: {
    courses: 0.942,
    languages: 0.98,
    modality: 0.788,
    days: 0.903,
    times: 0.865,
    role: 0.788,
    fullyRight: 0.5,
    confidentErrors: 0.085,
  },
  test: {
    courses: 1,
    languages: 0.97,
    modality: 0.882,
    days: 0.867,
    times: 0.838,
    role: 0.867,
    fullyRight: 0.632,
    confidentErrors: 0.058,
  },
};

describeOutsideSet(
  'interview answers from outside the team, fifth set (floors: its first run)',
  outside,
  FLOORS,
);
