import { describe, expect, it } from 'vitest';
import { LANGUAGE_TEXTS, MATCHMAKING_TEXTS, intentFields, type Intent } from '@studium/protocol';
import {
  candidateName,
  clampWeight,
  draftFromIntent,
  emptyDraft,
  fieldScoreRows,
  formatScore,
  FORM_TEXTS,
  normalizeDraft,
  parseRole,
  parseTab,
  statusLabel,
  validateDraft,
  type IntentDraft,
} from './intent-form';

const t = MATCHMAKING_TEXTS;

function draft(partial: Partial<IntentDraft> = {}): IntentDraft {
  return { ...emptyDraft(), course_code: 'cs-101', modality: 'online', ...partial };
}

describe('emptyDraft', () => {
  it('starts with the defaults: capacity 5, 7 days, no modality chosen', () => {
    const d = emptyDraft();
    expect(d.capacity).toBe('5');
    expect(d.ttl_days).toBe('7');
    expect(d.modality).toBe('');
    expect(d.course_code).toBe('');
  });
});

describe('validateDraft', () => {
  it('accepts a valid draft', () => {
    expect(validateDraft(draft(), 'tutor')).toEqual({});
  });

  it('requires a course from the list, whatever the case or spaces', () => {
    expect(validateDraft(draft({ course_code: '' }), 'tutoree').course_code).toBe(t.pickCourse);
    expect(validateDraft(draft({ course_code: 'cs-999' }), 'tutoree').course_code).toBe(t.pickCourse);
    expect(validateDraft(draft({ course_code: '  CS-101 ' }), 'tutoree').course_code).toBeUndefined();
  });

  it('takes a course by its name or a part of it only one course has, and sends its code', () => {
    expect(validateDraft(draft({ course_code: 'Linear Algebra' }), 'tutoree').course_code).toBeUndefined();
    expect(validateDraft(draft({ course_code: 'linear' }), 'tutoree').course_code).toBeUndefined();
    expect(validateDraft(draft({ course_code: 'algebra' }), 'tutoree').course_code).toBe(t.pickCourse);
    expect(normalizeDraft(draft({ course_code: 'linear algebra' }), 'tutoree').course_code).toBe('math-110');
  });

  it('requires one of the five modalities', () => {
    expect(validateDraft(draft({ modality: '' }), 'tutoree').modality).toBe(t.badModality);
    expect(validateDraft(draft({ modality: 'telepathy' }), 'tutoree').modality).toBe(t.badModality);
    for (const m of ['in_person', 'online', 'hybrid', 'remote', 'either']) {
      expect(validateDraft(draft({ modality: m }), 'tutoree').modality).toBeUndefined();
    }
  });

  it('checks capacity (tutors only) and days as whole numbers in range', () => {
    expect(validateDraft(draft({ capacity: '0' }), 'tutor').capacity).toBe(FORM_TEXTS.badCapacity);
    expect(validateDraft(draft({ capacity: '51' }), 'tutor').capacity).toBe(FORM_TEXTS.badCapacity);
    expect(validateDraft(draft({ capacity: '2.5' }), 'tutor').capacity).toBe(FORM_TEXTS.badCapacity);
    expect(validateDraft(draft({ capacity: '' }), 'tutoree').capacity).toBeUndefined();
    expect(validateDraft(draft({ ttl_days: '91' }), 'tutoree').ttl_days).toBe(FORM_TEXTS.badTtl);
    expect(validateDraft(draft({ ttl_days: 'abc' }), 'tutoree').ttl_days).toBe(FORM_TEXTS.badTtl);
    expect(validateDraft(draft({ ttl_days: '90' }), 'tutoree').ttl_days).toBeUndefined();
  });

  it('bounds the text lengths', () => {
    expect(validateDraft(draft({ pitch: 'x'.repeat(501) }), 'tutor').pitch).toBe(
      FORM_TEXTS.tooLong('Pitch', 500),
    );
    expect(validateDraft(draft({ campus: 'x'.repeat(80) }), 'tutor').campus).toBeUndefined();
  });

  it('names the languages it does not know, as the server would', () => {
    expect(validateDraft(draft({ languages: 'Español, Deutsch' }), 'tutor').languages).toBeUndefined();
    expect(validateDraft(draft({ languages: 'English, Klingon' }), 'tutor').languages).toBe(
      LANGUAGE_TEXTS.unknown(['Klingon']),
    );
  });
});

describe('normalizeDraft', () => {
  it('trims and lower-cases course, campus, modality and topic; maps languages; numbers; trims texts', () => {
    const body = normalizeDraft(
      draft({
        course_code: ' CS-101 ',
        modality: ' Online ',
        campus: ' North Campus ',
        topic: ' Recursion ',
        languages: 'French, english, Français, Spanish',
        location_hint: '  Library ',
        pitch: '  I like trees  ',
        availability: ' evenings ',
        capacity: ' 3 ',
        ttl_days: '14',
        prefs: { campus: 3, languages: 0, modality: 2, availability: 1 },
      }),
      'tutor',
    );
    expect(body).toEqual({
      course_code: 'cs-101',
      modality: 'online',
      campus: 'north campus',
      topic: 'recursion',
      languages: 'fr,en,es',
      location_hint: 'Library',
      pitch: 'I like trees',
      availability: 'evenings',
      capacity: 3,
      ttl_days: 14,
      prefs: { campus: 3, languages: 0, modality: 2, availability: 1 },
    });
  });

  it('leaves capacity out for a tutoree', () => {
    expect(normalizeDraft(draft(), 'tutoree')).not.toHaveProperty('capacity');
  });

  it('produces what the protocol accepts', () => {
    const parsed = intentFields.safeParse(normalizeDraft(draft({ languages: 'German' }), 'tutor'));
    expect(parsed.success).toBe(true);
  });
});

describe('draftFromIntent', () => {
  it('round-trips a saved intent into the form', () => {
    const intent: Intent = {
      id: 1,
      role: 'tutor',
      username: 'ann',
      campus: 'north',
      languages: 'en,fr',
      modality: 'hybrid',
      course_code: 'math-101',
      location_hint: 'Library',
      topic: 'limits',
      capacity: 4,
      is_open: true,
      prefs: { campus: 2, availability: 9 },
      ttl_days: 10,
      pitch: 'hi',
      availability: 'mornings',
      status: 'open',
      created_at: '2026-01-01T00:00:00Z',
      expires_at: '2026-01-11T00:00:00Z',
    };
    const d = draftFromIntent(intent);
    expect(d).toMatchObject({ course_code: 'math-101', modality: 'hybrid', capacity: '4', ttl_days: '10' });
    expect(d.prefs).toEqual({ campus: 2, languages: 1, modality: 1, availability: 3 });
  });
});

describe('formatScore', () => {
  it('shows a percentage with one decimal', () => {
    expect(formatScore(0.875)).toBe('87.5%');
    expect(formatScore(1)).toBe('100.0%');
    expect(formatScore(0)).toBe('0.0%');
    expect(formatScore(0.12345)).toBe('12.3%');
  });

  it('clamps out-of-range and non-finite scores', () => {
    expect(formatScore(1.5)).toBe('100.0%');
    expect(formatScore(-0.2)).toBe('0.0%');
    expect(formatScore(Number.NaN)).toBe('0.0%');
  });
});

describe('fieldScoreRows', () => {
  it('lists the present field scores in a fixed order', () => {
    expect(fieldScoreRows({ topic: 0.5, course: 1 })).toEqual([
      { label: 'Course', value: '100.0%' },
      { label: 'Topic', value: '50.0%' },
    ]);
    expect(fieldScoreRows(undefined)).toEqual([]);
  });
});

describe('candidateName', () => {
  it('prefers candidate_username, falls back to username, else null', () => {
    expect(candidateName({ candidate_username: 'ann' })).toBe('ann');
    expect(candidateName({ candidate_username: '', username: 'bob' })).toBe('bob');
    expect(candidateName({})).toBeNull();
    expect(candidateName({ candidate_username: '  ' })).toBeNull();
  });
});

describe('small helpers', () => {
  it('labels an open intent Active', () => {
    expect(statusLabel('open')).toBe('Active');
    expect(statusLabel('paused')).toBe('Paused');
    expect(statusLabel(null)).toBe('None');
  });

  it('clamps weights to 0..3', () => {
    expect(clampWeight(5)).toBe(3);
    expect(clampWeight(-1)).toBe(0);
    expect(clampWeight(1.6)).toBe(2);
  });

  it('reads the tab and role from the URL with safe defaults', () => {
    expect(parseTab('tutoring')).toBe('tutoring');
    expect(parseTab(null)).toBe('group');
    expect(parseTab('nonsense')).toBe('group');
    expect(parseRole('tutor')).toBe('tutor');
    expect(parseRole(null)).toBe('tutoree');
  });
});
