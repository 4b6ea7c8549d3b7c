import { describe, expect, it } from 'vitest';
import type { InterviewState } from '@studium/protocol';
import {
  cardErrors,
  courseNames,
  draftFromState,
  emptyInterviewDraft,
  hasContent,
  languageLabel,
  mergeReading,
  missingSlots,
  otherErrors,
  searchCourses,
  toConfirmBody,
  toggled,
  type CardField,
} from './interview-card';

const state = (patch: Partial<InterviewState['reading']> = {}, studies = ''): InterviewState => ({
  room_id: 1,
  studies,
  missing: [],
  complete: false,
  quick_replies: [],
  reading: {
    courses: [],
    languages: [],
    modality: null,
    availability: [],
    role: null,
    hobbies: [],
    campus: null,
    ...patch,
  },
});

describe('the interview card', () => {
  it('starts from what the interview understood', () => {
    const draft = draftFromState(
      state(
        {
          courses: ['math-110'],
          languages: ['en', 'de'],
          modality: 'online',
          availability: [{ day: 'tue', start: '18:00', end: '21:00' }],
          role: 'tutoree',
        },
        'second year CS',
      ),
    );
    expect(draft).toMatchObject({
      studies: 'second year CS',
      courses: ['math-110'],
      languages: ['en', 'de'],
      modality: 'online',
      role: 'tutoree',
      campus: '',
    });
    expect(missingSlots(draft)).toEqual(['hobbies', 'campus']);
  });

  it('keeps the fields the user edited when a newer reading arrives', () => {
    const draft = { ...emptyInterviewDraft(), campus: 'North', courses: ['cs-101' as const] };
    const touched = new Set<CardField>(['campus']);
    const merged = mergeReading(draft, touched, state({ campus: 'South', courses: ['math-110'] }));
    expect(merged.campus).toBe('North');
    expect(merged.courses).toEqual(['math-110']);
  });

  it('has content once any field is filled, studies included', () => {
    expect(hasContent(emptyInterviewDraft())).toBe(false);
    expect(hasContent({ ...emptyInterviewDraft(), studies: '  ' })).toBe(false);
    expect(hasContent({ ...emptyInterviewDraft(), studies: 'Physics' })).toBe(true);
    expect(hasContent({ ...emptyInterviewDraft(), hobbies: ['chess'] })).toBe(true);
  });

  it('sends empty choices as null and trims texts', () => {
    expect(toConfirmBody({ ...emptyInterviewDraft(), studies: ' CS ', campus: '  ' })).toEqual({
      studies: 'CS',
      courses: [],
      languages: [],
      modality: null,
      availability: [],
      role: null,
      hobbies: [],
      campus: null,
    });
  });

  it('puts the server field errors on their fields', () => {
    const errors = cardErrors({
      'courses.1': 'Pick a valid course',
      'availability.0.end': 'A time block must end after it starts.',
      campus: 'Too long',
      body: 'Something else',
    });
    expect(errors).toEqual({
      courses: 'Pick a valid course',
      'availability.0.end': 'A time block must end after it starts.',
      campus: 'Too long',
      body: 'Something else',
    });
    expect(otherErrors(errors)).toEqual(['Something else']);
  });

  it('finds courses by code or room name, without those already chosen', () => {
    const names = courseNames([
      { slug: 'math-110', name: 'MATH-110 Linear Algebra' },
      { slug: 'science', name: 'Faculty of Science' },
    ]);
    expect(searchCourses('linear', names, [])).toEqual(['math-110']);
    expect(searchCourses('linear alg', names, ['math-110'])).toEqual([]);
    expect(searchCourses('cs-10', names, ['cs-101'])).toEqual(['cs-102']);
    expect(searchCourses('   ', names, [])).toEqual([]);
  });

  it('names languages and toggles list values', () => {
    expect(languageLabel('de')).toBe('German');
    expect(toggled(['a', 'b'], 'a')).toEqual(['b']);
    expect(toggled(['a'], 'b')).toEqual(['a', 'b']);
  });
});
