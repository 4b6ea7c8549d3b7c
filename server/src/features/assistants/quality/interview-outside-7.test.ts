import { describeOutsideSet, type OutsideFloors } from './outside-set';
import outside from './interview-outside-7.json';

/**
 * A seventh set of 120 interview answers written from outside the team, by writers who had not
 * read the engine (`interview-outside-7.json`): ordinary students as they type, a third of them
 * international. Scored as the corpus is (`measureCorpus`). Split by a hash of the text into dev
 * (58) and test (62); the test split is never tuned on and its misses are never printed.
 * docs/assistants.md, "Measured quality".
 */

/**
 * First run, on the engine as it was when the set was committed (answers right per slot): dev
 * (58): courses 56, languages 57, modality 48, days 56, times 53, role 53, fully right 36;
 * 11/214 = 5.1 % confident errors. test (62): courses 60, languages 61, modality 58, days 60,
 * times 60, role 57, fully right 50; 8/235 = 3.4 % confident errors.
 *
 * Then one round read the dev split's misses of modality (the one slot below 90 % on dev) and fixed
 * their kinds: alternate weeks and "a mix" are hybrid; away from campus with online is remote;
 * "physical meeting"; "whatever you want". The test split did not move. The floors are the
 * figures after that round, rounded down to one decimal percent; the confident errors, rounded up,
 * may not rise above theirs.
 */
const FLOORS: OutsideFloors = {
  // 58 answers: modality 55, fully right 42, 9/214 confident errors; the rest as on the first run.
  // Since the eighth set's round: courses 57, fully right 43. Since the round on the fourth and
  // seventh sets' confident errors (here: "eve", "4~6pm", "Evenings 8 to 11", a language the
  // student excuses themselves for, "another state", one side of the modality said to be fine,
  // "back home" said of the past, roles in other words, a swap of help): courses 58, languages
  // 58, modality 57, times 56, role 58, fully right 55; 1/214.
  // Since the round on the eleventh set's dev misses: days 58, times 58, fully right 57.
  dev: {
    courses: 1,
    languages: 1,
    modality: 0.982,
    days: 1,
    times: 1,
    role: 1,
    fullyRight: 0.982,
    confidentErrors: 0.005,
  },
  // As on the first run; since the round on the fourth and seventh sets' confident errors:
  // courses 61, fully right 51; 7/235.
  // Since the round on the ninth and tenth sets' dev misses: modality 59, role 58, fully right 53;
  // 6/235.
  // Since the round on the eleventh set's dev misses: days 61, times 61, fully right 54.
  // After the round on the seventeenth and eighteenth sets' dev misses: role 59, fully right 55;
  // 5/235.
  test: {
    courses: 0.983,
    languages: 0.983,
    modality: 0.951,
    days: 0.983,
    times: 0.983,
    role: 0.951,
    fullyRight: 0.887,
    confidentErrors: 0.022,
  },
};

describeOutsideSet(
  'interview answers from outside the team, seventh set (floors: after its first round)',
  outside,
  FLOORS,
);
