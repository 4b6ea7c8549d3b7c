import { describeOutsideSet, type OutsideFloors } from './outside-set';
import outside from './interview-outside-4.json';

/**
 * A fourth set of 120 interview answers written from outside the team, by writers who had not read
 * the engine (`interview-outside-4.json`), scored as the corpus is (`measureCorpus`). Split by a
 * hash of the text into dev (56) and test (64); the test split is never tuned on and its misses
 * are never printed. docs/assistants.md, "Measured quality".
 */

/**
 * First run, on the engine as it was when the set was committed (answers right per slot): dev
 * (56): courses 52, languages 54, modality 52, days 45, times 42, role 46, fully right 30;
 * 19/206 = 9.2 % confident errors. test (64): courses 57, languages 60, modality 58, days 50,
 * times 49, role 50, fully right 30; 19/229 = 8.3 % confident errors.
 *
 * Then one round read the dev split's misses and fixed their kinds (dialect spellings, tuition and
 * grinds, ranges past midnight, work shifts with their days, "either way"; docs/assistants.md,
 * "Measured quality"); the test split was measured once, at its end. The floors are the figures
 * after that round, rounded down to one decimal percent; the confident errors, rounded up, may not
 * rise above theirs.
 */
const FLOORS: OutsideFloors = {
  // 56 answers: courses 52, languages 54, modality 56, days 51, times 51, role 55, fully right 44;
  // 8/206 confident errors. Since the round on the third and sixth sets' days and times: days 52,
  // times 52, fully right 45. Since the round on the fourth and seventh sets' confident errors
  // (here: a language the student excuses themselves for, a course said to be "sweet", someone
  // else's free days): courses 53, languages 55, days 53, times 53, fully right 48; 5/206.
  // Since the round on the sixteenth set's dev misses: courses 54, days 54, times 54, fully right
  // 50; 3/206.
  dev: {
    courses: 0.964,
    languages: 0.982,
    modality: 1,
    days: 0.964,
    times: 0.964,
    role: 0.982,
    fullyRight: 0.892,
    confidentErrors: 0.015,
  },
  // 64 answers: courses 57, languages 60, modality 58, days 51, times 50, role 50, fully right 30;
  // 20/229 confident errors (days 50 and times 49 before the round; 19/229 before a preference
  // decided the modality). Since the fifth set's round: modality 57 (58 before), role 51 (50); 21/229 since
  // some doubts are read instead; days 52, times 51, fully right 31 since the sixth set's round.
  // Since the eighth set's round: role 52, fully right 32. Since the round on the third and sixth
  // sets' days and times: days 54, times 53; 20/229.
  // Since the round on the ninth and tenth sets' dev misses: role 53; 19/229.
  // Since the round on the eleventh set's dev misses: days 55, times 54, fully right 33.
  // Since the round on the twelfth set's dev misses: courses 58; 18/229.
  test: {
    courses: 0.906,
    languages: 0.937,
    modality: 0.89,
    days: 0.859,
    times: 0.843,
    role: 0.828,
    fullyRight: 0.515,
    confidentErrors: 0.079,
  },
};

describeOutsideSet(
  'interview answers from outside the team, fourth set (floors: after its first round)',
  outside,
  FLOORS,
);
