import { describeOutsideSet, type OutsideFloors } from './outside-set';
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

/**
 * After the round, rounded down to 0.1 %: each figure of each split must stay at or above it; the
 * confident errors (over the slots the answers state), rounded up, must stay at or below it.
 */
const FLOORS: OutsideFloors = {
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
  // ones (docs/assistants.md). Since a preference decides the modality ("I'd rather meet in
  // person, video calls…"): modality 63, fully right 36. Since some doubts are read instead (a lunch
  // break, a range said free, a day said again): days 61, times 57, fully right 37; 14/234, and
  // 13/234 since "X, but Wednesday evenings are free" is no exception. Since the round on the
  // third and sixth sets' days and times: days 63, times 59, fully right 39.
  // Since the round on the fourth and seventh sets' confident errors:
  // times 62, role 57, fully right 43; 10/234.
  // Since the round on the ninth and tenth sets' dev misses: courses 64; 9/234.
  // Since the round on the eleventh set's dev misses: courses 65, days 64, times 63, fully right 45;
  // 8/234.
  // After the round on the seventeenth and eighteenth sets' dev misses: role 58, fully right 46;
  // 7/234.
  test: {
    courses: 0.942,
    languages: 1,
    modality: 0.913,
    days: 0.927,
    times: 0.913,
    role: 0.84,
    fullyRight: 0.666,
    confidentErrors: 0.03,
  },
};

describeOutsideSet(
  'interview answers from outside the team (floors: after the latest round)',
  outside,
  FLOORS,
);
