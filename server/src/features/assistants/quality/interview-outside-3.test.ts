import { describeOutsideSet, type OutsideFloors } from './outside-set';
import outside from './interview-outside-3.json';

/**
 * A third set of 120 interview answers written from outside the team, by writers who had not read
 * the engine (`interview-outside-3.json`), scored as the corpus is (`measureCorpus`). Split by a
 * hash of the text into dev (55) and test (65); the test split is never tuned on and its misses
 * are never printed. docs/assistants.md, "Measured quality".
 */

/**
 * First run, on the engine as it was when the set was committed (answers right per slot): dev
 * (55): courses 51, languages 54, modality 48, days 47, times 40, role 50, fully right 29;
 * 22/219 = 10.0 % confident errors. test (65): courses 56, languages 63, modality 60, days 57,
 * times 49, role 60, fully right 33; 29/268 = 10.8 % confident errors.
 *
 * Then the engine learnt to ask where its reading doubts itself (doubts.ts; docs/assistants.md,
 * "Measured quality"), chosen on the dev splits only; the test split was measured once, at the end.
 * The floors are the figures after that, rounded down to one decimal percent; the confident errors
 * (over the slots the answers state), rounded up, must stay at or below theirs.
 */
const FLOORS: OutsideFloors = {
  // 55 answers: courses 52, languages 55, modality 54, days 47, times 47, role 52, fully right 41;
  // 3/219 confident errors, since the fourth set's round (modality 48, days 40, times 40, role 51, fully right
  // 31 before it; languages 54, fully right 30 and 4/219 before the languages' names in other
  // languages were read).
  // Since the eighth set's round: courses 53. Since a round on the days and times of the third and
  // sixth sets' dev splits (here: bus and train times, a workplace named without "the", "all day
  // long" said of no day): days 51, times 51, fully right 45.
  // Since the round on the fifth and third sets' dev misses: courses 54, role 53, fully right 47;
  // 1/219.
  // Since the round on the sixteenth set's dev misses: days 52, times 52, role 54, fully right 49.
  dev: {
    courses: 0.981,
    languages: 1,
    modality: 0.981,
    days: 0.945,
    times: 0.945,
    role: 0.981,
    fullyRight: 0.89,
    confidentErrors: 0.005,
  },
  // 65 answers: courses 56, languages 63, modality 59, days 51, times 45, role 60, fully right 29;
  // 22/268 confident errors, since the fourth set's round (days 49 and 20/268 before it: ranges past
  // midnight and work shifts now read days that were asked before, not all of them right). Days,
  // times, modality and fully right are below the first run: the slots now asked include right
  // ones (docs/assistants.md).
  // Since the eighth set's round: role 61. The round on days and times moved none of it.
  // Since the round on the fourth and seventh sets' confident errors: courses 57, days 52,
  // times 46, fully right 31; 20/268.
  // Since the round on the fifth and third sets' dev misses: languages 64; 19/268.
  // Since the round on the ninth and tenth sets' dev misses: modality 60, role 64, fully right 35;
  // 16/268.
  // Since the round on the eleventh set's dev misses: days 53, times 48, fully right 37; 15/268.
  // Since the round on the thirteenth set's dev misses: days 54, times 49, fully right 38; 14/268.
  test: {
    courses: 0.876,
    languages: 0.984,
    modality: 0.923,
    days: 0.83,
    times: 0.753,
    role: 0.984,
    fullyRight: 0.584,
    confidentErrors: 0.053,
  },
};

describeOutsideSet(
  'interview answers from outside the team, third set (floors: after the doubts)',
  outside,
  FLOORS,
);
