import { describeOutsideSet, type OutsideFloors } from './outside-set';
import outside from './interview-outside-6.json';

/**
 * A sixth set of 120 interview answers written from outside the team, by writers who had not read
 * the engine (`interview-outside-6.json`), scored as the corpus is (`measureCorpus`). Split by a
 * hash of the text into dev (58) and test (62); the test split is never tuned on and its misses
 * are never printed. docs/assistants.md, "Measured quality".
 */

/**
 * First run, on the engine as it was when the set was committed (answers right per slot): dev
 * (58): courses 53, languages 56, modality 50, days 42, times 41, role 44, fully right 24;
 * 21/225 = 9.3 % confident errors. test (62): courses 56, languages 55, modality 57, days 54,
 * times 52, role 54, fully right 30; 17/243 = 7.0 % confident errors.
 *
 * Then one round read the dev split's misses and fixed their kinds (roles in more languages and
 * slang, a swap of help for help is asked, hybrid said as halves or alternate weeks, Romanian and
 * Haitian days, a one-off's time; docs/assistants.md, "Measured quality"); the test split was
 * measured once, at its end. The floors are the figures after that round, rounded down to one
 * decimal percent; the confident errors, rounded up, may not rise above theirs.
 */
const FLOORS: OutsideFloors = {
  // 58 answers: courses 54, languages 56, modality 56, days 50, times 49, role 54, fully right 39;
  // 10/225 confident errors. Since a round on the days and times of the third and sixth sets' dev
  // splits (here: a hedged range, a range inside the day part before it, "but" after a part of the
  // day that is out, "I'm out Fridays"): days 55, times 54, fully right 43.
  // Since the round on the sixth and fourth sets' dev misses (course names in Italian, French and
  // Spanish, where the student is from, a job at a campus shop, either of two roles): courses 57,
  // languages 57, modality 58, role 55, fully right 49; 3/225 confident errors.
  // Since the round on the twelfth set's dev misses: role 56, fully right 50; 2/225.
  dev: {
    courses: 0.982,
    languages: 0.982,
    modality: 1,
    days: 0.948,
    times: 0.931,
    role: 0.965,
    fullyRight: 0.862,
    confidentErrors: 0.009,
  },
  // 62 answers: courses 56, languages 55, modality 58, days 54, times 52, role 54, fully right 31;
  // 17/243 confident errors (modality 57, fully right 30 before the round).
  // Since the eighth set's round: modality 59, fully right 32, 16/243 confident errors. Since the
  // round on days and times: days 55, times 53, fully right 33.
  // Since the round on the fifth and third sets' dev misses: courses 57; 15/243.
  // Since the round on the ninth and tenth sets' dev misses: courses 58, fully right 34; 14/243.
  // Since the round on the sixteenth set's dev misses: times 54, fully right 35; 13/243.
  test: {
    courses: 0.935,
    languages: 0.887,
    modality: 0.951,
    days: 0.887,
    times: 0.87,
    role: 0.87,
    fullyRight: 0.564,
    confidentErrors: 0.054,
  },
};

describeOutsideSet(
  'interview answers from outside the team, sixth set (floors: after its first round)',
  outside,
  FLOORS,
);
