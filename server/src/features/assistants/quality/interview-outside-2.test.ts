import { describeOutsideSet, type OutsideFloors } from './outside-set';
import outside from './interview-outside-2.json';

/**
 * A second set of 120 interview answers written from outside the team, by writers who had not
 * read the engine (`interview-outside-2.json`), scored as the corpus is (`measureCorpus`). Split
 * by a hash of the text into dev (54) and test (66); the test split is never tuned on and its
 * misses are never printed. docs/assistants.md, "Measured quality".
 */

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
const FLOORS: OutsideFloors = {
  // 54 answers: courses 52, languages 54, modality 54, days 52, times 51, role 54, fully right 50;
  // 2/215 confident errors, after the engine learnt to ask where it doubts itself (after the first
  // round: days 53, 4/215).
  // Since the round on the sixteenth set's dev misses: days 53, times 53, fully right 51; 1/215.
  dev: {
    courses: 0.962,
    languages: 1,
    modality: 1,
    days: 0.981,
    times: 0.981,
    role: 1,
    fullyRight: 0.944,
    confidentErrors: 0.005,
  },
  // 66 answers: courses 60, languages 63, modality 56, days 52, times 44, role 57, fully right 25;
  // 29/277 confident errors, after the doubts and the languages' names in other languages (after
  // the first round: languages 61, days 56, times 45, fully right 26; 41/277): asking empties wrong
  // windows and some right ones (docs/assistants.md). Role 56 since the fourth set's round (57
  // before): one answer's role is now asked or read otherwise; its miss is not read.
  // Since the round on the fifth and third sets' dev misses: role 57, fully right 26; 28/277.
  // Since the round on the ninth and tenth sets' dev misses: role 58, fully right 27.
  // Since the round on the eleventh set's dev misses: days 53, times 45, fully right 28.
  // After the round on the seventeenth and eighteenth sets' dev misses: days 54, times 46, role 59,
  // fully right 30; 26/277.
  test: {
    courses: 0.909,
    languages: 0.954,
    modality: 0.848,
    days: 0.818,
    times: 0.696,
    role: 0.893,
    fullyRight: 0.454,
    confidentErrors: 0.094,
  },
};

describeOutsideSet(
  'interview answers from outside the team, second set (floors: after the latest round)',
  outside,
  FLOORS,
);
