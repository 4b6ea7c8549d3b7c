import { describe, expect, it } from 'vitest';
import {
  campusScore,
  compareRecommendations,
  languagesScore,
  modalityScore,
  scoreMatch,
  wordsScore,
  type ScoredFields,
} from './matchmaking.scoring';

const base: ScoredFields = {
  course_code: 'cs-101',
  modality: 'online',
  languages: 'en,fr',
  campus: 'north',
  availability: 'monday evening',
  topic: 'recursion',
};

describe('tutoring match scoring', () => {
  it('scores modality: equal or either 1, remote kinds against each other 0.5, in person against online or remote 0', () => {
    expect(modalityScore('online', 'online')).toBe(1);
    expect(modalityScore('in_person', 'either')).toBe(1);
    expect(modalityScore('either', 'remote')).toBe(1);
    expect(modalityScore('online', 'remote')).toBe(0.5);
    expect(modalityScore('hybrid', 'online')).toBe(0.5);
    expect(modalityScore('in_person', 'online')).toBe(0);
    expect(modalityScore('remote', 'in_person')).toBe(0);
  });

  it('scores languages by Jaccard overlap, 0.5 when either side is empty', () => {
    expect(languagesScore('en,fr', 'fr,en')).toBe(1);
    expect(languagesScore('en,fr', 'fr,de')).toBeCloseTo(1 / 3);
    expect(languagesScore('en', 'de')).toBe(0);
    expect(languagesScore('', 'de')).toBe(0.5);
  });

  it('scores campus 1 equal, 0.5 unknown, 0 different; words by overlap', () => {
    expect(campusScore('north', 'North ')).toBe(1);
    expect(campusScore('', 'north')).toBe(0.5);
    expect(campusScore('north', 'south')).toBe(0);
    expect(wordsScore('Monday evening', 'monday, morning')).toBeCloseTo(1 / 3);
    expect(wordsScore('', 'monday')).toBe(0.5);
  });

  it('gives a perfect match 1 with every field score, the course counting double', () => {
    expect(scoreMatch(base, base)).toEqual({
      score: 1,
      field_scores: { course: 1, modality: 1, languages: 1, campus: 1, availability: 1, topic: 1 },
    });
    // Another course: 0 with weight 2 out of 7.
    expect(scoreMatch(base, { ...base, course_code: 'cs-102' }).score).toBeCloseTo(5 / 7, 4);
  });

  it("weights fields by the subject's prefs, a weight of 0 dropping the field", () => {
    const other: ScoredFields = { ...base, campus: 'south' };
    expect(scoreMatch(base, other).score).toBeCloseTo(6 / 7, 4);
    expect(scoreMatch(base, other, { campus: 3 }).score).toBeCloseTo(6 / 9, 4);
    const dropped = scoreMatch(base, other, { campus: 0 });
    expect(dropped.score).toBe(1);
    expect(dropped.field_scores).not.toHaveProperty('campus');
  });

  it('is deterministic, and orders best first with ties by candidate id', () => {
    expect(scoreMatch(base, { ...base, topic: 'graphs' })).toEqual(
      scoreMatch(base, { ...base, topic: 'graphs' }),
    );
    const list = [
      { candidate_intent_id: 3, score: 0.5 },
      { candidate_intent_id: 1, score: 0.5 },
      { candidate_intent_id: 2, score: 0.9 },
    ];
    expect(list.sort(compareRecommendations).map((r) => r.candidate_intent_id)).toEqual([2, 1, 3]);
  });
});
