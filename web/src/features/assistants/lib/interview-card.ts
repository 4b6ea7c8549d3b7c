import {
  COURSE_CODES,
  INTERVIEW_SLOTS,
  topicLabel,
  type HobbyTopic,
  type InterviewConfirmBody,
  type InterviewSlot,
  type InterviewState,
  type Modality,
  type RoomListItem,
  type Weekday,
} from '@studium/protocol';

/**
 * The interview card's pure side: the card as the user edits it, filled from what the interview
 * understood, merged with later readings without losing the user's edits, and turned into the
 * confirm call's body. The rules: docs/assistants.md.
 */

export type CourseCode = (typeof COURSE_CODES)[number];
export type InterviewRole = NonNullable<InterviewConfirmBody['role']>;
export const INTERVIEW_ROLES: readonly InterviewRole[] = ['tutoree', 'tutor', 'group'];
export const ROLE_LABELS: Record<InterviewRole, string> = {
  tutoree: 'Looking for a tutor',
  tutor: 'Offering to tutor',
  group: 'Looking for a study group',
};

export interface CardBlock {
  day: Weekday;
  start: string;
  end: string;
}

/** Every field of the card as typed; '' is "not given". */
export interface InterviewDraft {
  studies: string;
  courses: CourseCode[];
  languages: string[];
  modality: Modality | '';
  availability: CardBlock[];
  role: InterviewRole | '';
  hobbies: HobbyTopic[];
  campus: string;
}

/** The card's fields: the interview's slots plus the free-text studies. */
export type CardField = InterviewSlot | 'studies';
export const CARD_FIELDS: readonly CardField[] = ['studies', ...INTERVIEW_SLOTS];

export const SLOT_LABELS: Record<CardField, string> = {
  studies: 'Studies',
  courses: 'Courses',
  languages: 'Languages',
  modality: 'How you like to meet',
  availability: 'Weekly availability',
  role: 'What you are looking for',
  hobbies: 'Hobbies',
  campus: 'Campus',
};

export const emptyInterviewDraft = (): InterviewDraft => ({
  studies: '',
  courses: [],
  languages: [],
  modality: '',
  availability: [],
  role: '',
  hobbies: [],
  campus: '',
});

/** The card as the interview understood it. */
export function draftFromState(state: Pick<InterviewState, 'reading' | 'studies'>): InterviewDraft {
  const r = state.reading;
  return {
    studies: state.studies,
    courses: [...r.courses],
    languages: [...r.languages],
    modality: r.modality ?? '',
    availability: r.availability.map((b) => ({ ...b })),
    role: r.role ?? '',
    hobbies: [...r.hobbies],
    campus: r.campus ?? '',
  };
}

/**
 * A newer reading of the interview: the fields the user edited on the card keep their value, the
 * others take what the interview understood now.
 */
export function mergeReading(
  draft: InterviewDraft,
  touched: ReadonlySet<CardField>,
  state: Pick<InterviewState, 'reading' | 'studies'>,
): InterviewDraft {
  const fresh = draftFromState(state);
  const next = { ...fresh };
  for (const field of touched) Object.assign(next, { [field]: draft[field] });
  return next;
}

/** Whether a field of the card is still empty. */
export function isEmptyField(draft: InterviewDraft, field: CardField): boolean {
  const value = draft[field];
  return Array.isArray(value) ? value.length === 0 : value.trim() === '';
}

/** The slots still to fill, in the interview's order. */
export const missingSlots = (draft: InterviewDraft): InterviewSlot[] =>
  INTERVIEW_SLOTS.filter((slot) => isEmptyField(draft, slot));

/** Something worth saving is on the card. */
export const hasContent = (draft: InterviewDraft): boolean =>
  CARD_FIELDS.some((field) => !isEmptyField(draft, field));

/** The confirm call's body: empty texts and choices are sent as null. */
export function toConfirmBody(draft: InterviewDraft): InterviewConfirmBody {
  const campus = draft.campus.trim();
  return {
    studies: draft.studies.trim(),
    courses: draft.courses,
    languages: draft.languages,
    modality: draft.modality || null,
    availability: draft.availability.map((b) => ({ ...b })),
    role: draft.role || null,
    hobbies: draft.hobbies,
    campus: campus || null,
  };
}

/**
 * The server's field errors by card field; availability keeps its per-block paths
 * (`availability.0.end`) for the time editor, and a list's per-item error
 * (`courses.2`) shows on its field.
 */
export function cardErrors(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, text] of Object.entries(fields)) {
    const [head = ''] = path.split('.');
    const key = head === 'availability' ? path : head;
    out[key] ??= text;
  }
  return out;
}

/** Errors that belong to no field of the card (shown above it). */
export function otherErrors(errors: Record<string, string>): string[] {
  const known = new Set<string>(CARD_FIELDS);
  return Object.entries(errors)
    .filter(([key]) => !known.has(key) && !key.startsWith('availability.'))
    .map(([, text]) => text);
}

/** Course names from the room tree (a course room's slug is its code), e.g. 'MATH-110 Linear Algebra'. */
export function courseNames(rooms: readonly Pick<RoomListItem, 'slug' | 'name'>[]): Map<CourseCode, string> {
  const codes = new Set<string>(COURSE_CODES);
  const names = new Map<CourseCode, string>();
  for (const room of rooms) if (codes.has(room.slug)) names.set(room.slug as CourseCode, room.name);
  return names;
}

/** How a course reads: its room's name, else its code. */
export const courseLabel = (code: CourseCode, names: ReadonlyMap<CourseCode, string>): string =>
  names.get(code) ?? topicLabel(code);

/** Courses whose code or name holds every word of the query, catalogue order, without the chosen ones. */
export function searchCourses(
  query: string,
  names: ReadonlyMap<CourseCode, string>,
  chosen: readonly CourseCode[],
  limit = 8,
): CourseCode[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return COURSE_CODES.filter((code) => {
    if (chosen.includes(code)) return false;
    const text = `${code} ${courseLabel(code, names)}`.toLowerCase();
    return words.every((w) => text.includes(w));
  }).slice(0, limit);
}

/** Languages offered on the card (ISO 639-1), besides those the interview found. */
export const COMMON_LANGUAGES = [
  'en',
  'de',
  'fr',
  'it',
  'es',
  'pt',
  'nl',
  'pl',
  'sv',
  'tr',
  'ru',
  'uk',
  'ar',
  'zh',
  'ja',
  'ko',
  'hi',
] as const;

let languageNames: Intl.DisplayNames | null | undefined;

/** 'de' → 'German'; the code itself where the browser has no name for it. */
export function languageLabel(code: string): string {
  if (languageNames === undefined) {
    try {
      languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
    } catch {
      languageNames = null;
    }
  }
  const name = languageNames?.of(code);
  return name && name !== code ? name : code.toUpperCase();
}

/** The list with the value added or taken out. */
export function toggled<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}
