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
 * times 57, role 59, fully right 43; 14/245 = 5.7 % confident errors.
 *
 * Then one round read the dev split's misses and fixed their kinds (a role said in the negative,
 * help offered in return, Pidgin, Portuguese and German group words, away from campus is remote,
 * "in presenza", a viva is an event, a bedtime bounds nothing; docs/assistants.md, "Measured
 * quality"); the test split was
 * measured once, at its end. The floors are the figures after that round, rounded down to one
 * decimal percent; the confident errors, rounded up, may not rise above theirs.
 */
const FLOORS: OutsideFloors = {
  // 52 answers: courses 49, languages 51, modality 50, days 50, times 50, role 51, fully right 45;
  // 4/202 confident errors.
  // Since the round on the fourth and seventh sets' confident errors: modality 51.
  // Since the round on the fifth and third sets' dev misses: courses 51, languages 52, modality 52,
  // fully right 48; 0/202.
  // Since the round on the eleventh set's dev misses: days 51, times 51, fully right 49.
  // Since the round on the twelfth set's dev misses: courses 52, days 52, times 52, fully right 51.
  dev: {
    courses: 1,
    languages: 1,
    modality: 1,
    days: 1,
    times: 1,
    role: 0.98,
    fullyRight: 0.98,
    confidentErrors: 0,
  },
  // 68 answers: courses 68, languages 66, modality 61, days 59, times 57, role 59, fully right 44;
  // 13/245 confident errors (modality 60, fully right 43 and 14/245 before the round); since the
  // seventh set's round, modality 62, fully right 45, 12/245.
  // Since the round on the fourth and seventh sets' confident errors: role 60.
  // Since the round on the ninth and tenth sets' dev misses: modality 63, role 61, fully right 46;
  // 11/245.
  // Since the round on the sixteenth set's dev misses: days 61, times 59, fully right 48.
  test: {
    courses: 1,
    languages: 0.97,
    modality: 0.926,
    days: 0.897,
    times: 0.867,
    role: 0.897,
    fullyRight: 0.705,
    confidentErrors: 0.045,
  },
};

describeOutsideSet(
  'interview answers from outside the team, fifth set (floors: after its first round)',
  outside,
  FLOORS,
);
