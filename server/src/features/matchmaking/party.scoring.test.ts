import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  minutesOf,
  PARTY_MODALITIES,
  STUDY_LEVELS,
  WEEKDAYS,
  type AvailabilityBlock,
  type StudyLevel,
} from '@studium/protocol';
import {
  availabilityOverlap,
  availabilityScore,
  campusScore,
  isCandidatePair,
  languagesScore,
  meanStudyLevel,
  mergeAvailability,
  modalityScore,
  rankCandidates,
  scoreParties,
  sizeScore,
  studyLevelScore,
  type ScoredParty,
} from './party.scoring';

const party = (more: Partial<ScoredParty> = {}): ScoredParty => ({
  id: 1,
  user_id: 10,
  topic_key: 'cs-101',
  status: 'open',
  size: 2,
  target_size: 4,
  preferred_complement_size: null,
  modality: 'either',
  languages: 'en',
  campus: 'north',
  availability: [],
  study_level: null,
  member_ids: [10],
  ...more,
});
const block = (day: AvailabilityBlock['day'], start: string, end: string): AvailabilityBlock => ({
  day,
  start,
  end,
});

describe('party scoring, field by field', () => {
  it('scores modality: either meets anything, equal ones meet, in person and remote do not', () => {
    expect(modalityScore('either', 'in_person')).toBe(1);
    expect(modalityScore('remote', 'either')).toBe(1);
    expect(modalityScore('remote', 'remote')).toBe(1);
    expect(modalityScore('in_person', 'remote')).toBe(0);
  });

  it('leaves modality out for hobbies, which have none', () => {
    const a = party({ topic_key: 'chess', modality: null });
    const b = party({ id: 2, user_id: 20, member_ids: [20], topic_key: 'chess', modality: null });
    expect(scoreParties(a, b).pairing_preview_json.field_scores).not.toHaveProperty('modality');
  });

  it('scores languages by Jaccard overlap and campus by equality, 0.5 when a side says nothing', () => {
    expect(languagesScore('en,fr', 'fr,en')).toBe(1);
    expect(languagesScore('en,fr', 'fr,de')).toBeCloseTo(1 / 3);
    expect(languagesScore('', 'de')).toBe(0.5);
    expect(campusScore('north', 'North')).toBe(1);
    expect(campusScore('north', 'south')).toBe(0);
    expect(campusScore('', 'south')).toBe(0.5);
  });

  it('merges a side’s overlapping and touching blocks per day before comparing', () => {
    const merged = mergeAvailability([
      block('tue', '15:00', '17:00'),
      block('mon', '10:00', '11:00'),
      block('tue', '14:00', '15:00'),
      block('tue', '16:00', '16:30'),
    ]);
    expect(merged).toEqual([
      { day: 0, start: 600, end: 660 },
      { day: 1, start: 840, end: 1020 },
    ]);
  });

  it('finds the weekly windows both sides are free, sorted by day, and scores hours over the smaller side', () => {
    const a = [block('thu', '09:00', '12:00'), block('tue', '13:00', '16:00')];
    const b = [
      block('tue', '14:00', '18:00'),
      block('thu', '10:00', '11:30'),
      block('sun', '10:00', '12:00'),
    ];
    const overlap = availabilityOverlap(a, b);
    expect(overlap.windows).toEqual([block('tue', '14:00', '16:00'), block('thu', '10:00', '11:30')]);
    expect(overlap.hours).toBe(3.5);
    expect(overlap.hours_a).toBe(6);
    expect(overlap.hours_b).toBe(7.5);
    // 3.5 shared hours of the 6 the less available side has.
    expect(availabilityScore(overlap)).toBeCloseTo(3.5 / 6);
  });

  it('scores availability 0 without overlap and 0.5 when a side gave no time', () => {
    expect(
      availabilityScore(
        availabilityOverlap([block('mon', '09:00', '10:00')], [block('mon', '10:00', '11:00')]),
      ),
    ).toBe(0);
    expect(availabilityScore(availabilityOverlap([], [block('mon', '10:00', '11:00')]))).toBe(0.5);
    expect(
      availabilityOverlap([block('fri', '22:00', '24:00')], [block('fri', '23:00', '24:00')]).windows,
    ).toEqual([block('fri', '23:00', '24:00')]);
  });

  it('scores size 1 when each party is the other’s preferred complement, less with distance', () => {
    const a = party({ size: 2, target_size: 6, preferred_complement_size: 3 });
    const b = party({ id: 2, size: 3, target_size: 6, preferred_complement_size: 2 });
    expect(sizeScore(a, b)).toBe(1);
    // a wants 3 and gets 1 (1 - 2/4); c has no preference (1).
    const c = party({ id: 3, size: 1, target_size: 5 });
    expect(sizeScore(a, c)).toBeCloseTo((0.5 + 1) / 2);
  });

  it('scores study levels by the distance of the parties’ mean levels, ignoring other and missing ones', () => {
    const score = (a: Array<StudyLevel | null>, b: Array<StudyLevel | null>) =>
      studyLevelScore(meanStudyLevel(a), meanStudyLevel(b));
    expect(score(['bachelor_1', 'bachelor_3'], ['bachelor_2'])).toBe(1);
    expect(score(['bachelor_1'], ['phd'])).toBe(0);
    expect(score(['master', 'other', null], ['bachelor_2'])).toBe(0.5);
    expect(score(['other'], ['bachelor_2'])).toBe(0.5);
    expect(score([], ['bachelor_2'])).toBe(0.5);
  });

  it('computes a weighted mean rounded to four decimals, with the preview', () => {
    const a = party({
      languages: 'en,fr',
      availability: [block('tue', '14:00', '16:00')],
      study_level: 2,
    });
    const b = party({
      id: 2,
      user_id: 20,
      member_ids: [20],
      languages: 'fr,de',
      campus: 'south',
      modality: 'remote',
      availability: [block('tue', '15:00', '18:00')],
      study_level: 2,
    });
    const { score, pairing_preview_json: preview } = scoreParties(a, b);
    expect(preview).toEqual({
      field_scores: {
        topic: 1,
        modality: 1,
        languages: 0.3333,
        campus: 0,
        availability: 0.5,
        size: 1,
        study_level: 1,
      },
      overlap_windows: [block('tue', '15:00', '16:00')],
      overlap_hours: 1,
      combined_size: 4,
    });
    // (1 + 1 + 1/3 + 0 + 2 × 0.5 + 1 + 1) / 8
    expect(score).toBe(Math.round(((5 + 1 / 3) / 8) * 10_000) / 10_000);
  });
});

describe('party hard rules', () => {
  const a = party();
  const b = party({ id: 2, user_id: 20, member_ids: [20] });

  it('accepts two open parties of one topic that fit together', () => {
    expect(isCandidatePair(a, b)).toBe(true);
  });

  it('refuses another topic, a party that is not open, the same party or owner, a shared member, and a size that does not fit', () => {
    expect(isCandidatePair(a, { ...b, topic_key: 'cs-102' })).toBe(false);
    expect(isCandidatePair(a, { ...b, status: 'paused' })).toBe(false);
    expect(isCandidatePair(a, a)).toBe(false);
    expect(isCandidatePair(a, { ...b, user_id: a.user_id })).toBe(false);
    expect(isCandidatePair(a, { ...b, member_ids: [20, 10] })).toBe(false);
    expect(isCandidatePair(a, { ...b, size: 3, target_size: 6 })).toBe(false);
    expect(isCandidatePair(a, { ...b, size: 2, target_size: 2 })).toBe(false);
  });
});

// Generators: parties with random sizes, availability, languages and levels; a handful of ids so pairs collide.
const time = fc.integer({ min: 0, max: 24 * 4 }).map((q) => q * 15);
const blockArb = fc
  .tuple(fc.constantFrom(...WEEKDAYS), time, time)
  .filter(([, s, e]) => s !== e)
  .map(([day, s, e]): AvailabilityBlock => {
    const [lo, hi] = s < e ? [s, e] : [e, s];
    const hhmm = (m: number) =>
      `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    return { day, start: hhmm(lo), end: hhmm(hi) };
  });
const partyArb = fc
  .record({
    id: fc.integer({ min: 1, max: 6 }),
    user_id: fc.integer({ min: 1, max: 6 }),
    topic_key: fc.constantFrom('cs-101', 'chess'),
    status: fc.constantFrom('open' as const, 'open' as const, 'paused' as const, 'matched' as const),
    size: fc.integer({ min: 1, max: 8 }),
    extra: fc.integer({ min: 0, max: 6 }),
    complement: fc.option(fc.integer({ min: 0, max: 6 })),
    modality: fc.option(fc.constantFrom(...PARTY_MODALITIES)),
    languages: fc.subarray(['en', 'fr', 'de', 'es']).map((l) => l.join(',')),
    campus: fc.constantFrom('', 'north', 'south'),
    availability: fc.array(blockArb, { maxLength: 6 }),
    study_level: fc.array(fc.option(fc.constantFrom(...STUDY_LEVELS)), { maxLength: 4 }).map(meanStudyLevel),
    member_ids: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 4 }),
  })
  .map(({ extra, complement, ...p }): ScoredParty => ({
    ...p,
    target_size: p.size + extra,
    preferred_complement_size: complement === null ? null : Math.min(complement, extra),
    member_ids: [p.user_id, ...p.member_ids.filter((id) => id !== p.user_id)],
  }));

describe('party scoring properties', () => {
  it('keeps the score and every field score within 0..1', () => {
    fc.assert(
      fc.property(partyArb, partyArb, (a, b) => {
        const { score, pairing_preview_json } = scoreParties(a, b);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
        for (const value of Object.values(pairing_preview_json.field_scores)) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it('scores A against B as B against A, windows included', () => {
    fc.assert(
      fc.property(partyArb, partyArb, (a, b) => {
        expect(scoreParties(a, b)).toEqual(scoreParties(b, a));
        expect(isCandidatePair(a, b)).toBe(isCandidatePair(b, a));
      }),
    );
  });

  it('never finds more shared time than either side has, and windows inside both sides’ blocks', () => {
    fc.assert(
      fc.property(fc.array(blockArb, { maxLength: 8 }), fc.array(blockArb, { maxLength: 8 }), (a, b) => {
        const overlap = availabilityOverlap(a, b);
        expect(overlap.hours).toBeLessThanOrEqual(overlap.hours_a);
        expect(overlap.hours).toBeLessThanOrEqual(overlap.hours_b);
        const inside = (w: AvailabilityBlock, blocks: AvailabilityBlock[]) =>
          mergeAvailability(blocks).some(
            (s) => WEEKDAYS[s.day] === w.day && s.start <= minutesOf(w.start) && minutesOf(w.end) <= s.end,
          );
        for (const w of overlap.windows) {
          expect(inside(w, a)).toBe(true);
          expect(inside(w, b)).toBe(true);
        }
      }),
    );
  });

  it('never ranks a party that breaks a hard rule, and ranks accepted-by-other first, then by score', () => {
    fc.assert(
      fc.property(
        partyArb,
        fc.array(partyArb, { maxLength: 12 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 6 })),
        (subject, others, accepted) => {
          const ranked = rankCandidates(subject, others, new Set(accepted), 5);
          expect(ranked.length).toBeLessThanOrEqual(5);
          for (const { party: p } of ranked) {
            expect(p.topic_key).toBe(subject.topic_key);
            expect([p.status, subject.status]).toEqual(['open', 'open']);
            expect(p.id).not.toBe(subject.id);
            expect(p.user_id).not.toBe(subject.user_id);
            expect(p.size + subject.size).toBeLessThanOrEqual(Math.min(p.target_size, subject.target_size));
            expect(p.member_ids.filter((id) => subject.member_ids.includes(id))).toEqual([]);
          }
          for (let i = 1; i < ranked.length; i++) {
            const [prev, next] = [ranked[i - 1]!, ranked[i]!];
            expect(Number(prev.accepted_by_other)).toBeGreaterThanOrEqual(Number(next.accepted_by_other));
            if (prev.accepted_by_other === next.accepted_by_other)
              expect(prev.score).toBeGreaterThanOrEqual(next.score);
          }
        },
      ),
    );
  });
});
