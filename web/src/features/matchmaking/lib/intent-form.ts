import {
  LANGUAGE_TEXTS,
  LIMITS,
  MATCHMAKING_TEXTS,
  MODALITIES,
  MODALITY_LABELS,
  normalizeLanguages,
  readLanguages,
  resolveCourse,
  type FieldScores,
  type Intent,
  type IntentFieldsInput,
  type IntentStatus,
  type Modality,
  type TutorRecommendation,
  type TutoringRole,
} from '@studium/protocol';

const t = MATCHMAKING_TEXTS;

/** The soft preferences a user weighs 0..3 (0 = ignore). */
export const PREF_FIELDS = ['campus', 'languages', 'modality', 'availability'] as const;
export type PrefField = (typeof PREF_FIELDS)[number];
export const PREF_WEIGHTS = [0, 1, 2, 3] as const;

export { MODALITY_LABELS };

/** Bounds of the protocol's intent fields, for the inputs' maxLength and the client checks. */
export const INTENT_LIMITS = {
  campus: 80,
  languages: 200,
  location_hint: 120,
  topic: 120,
  pitch: 500,
  availability: 200,
  capacity: { min: 1, max: 50 },
  ttl_days: { min: 1, max: 90 },
} as const;

export const FORM_TEXTS = {
  badCapacity: `Capacity must be a whole number from ${INTENT_LIMITS.capacity.min} to ${INTENT_LIMITS.capacity.max}`,
  badTtl: `Days active must be a whole number from ${INTENT_LIMITS.ttl_days.min} to ${INTENT_LIMITS.ttl_days.max}`,
  tooLong: (label: string, max: number) => `${label} must be ${max} characters or fewer`,
} as const;

/** What the form edits: every field as typed. */
export interface IntentDraft {
  course_code: string;
  modality: string;
  campus: string;
  languages: string;
  location_hint: string;
  topic: string;
  capacity: string;
  ttl_days: string;
  pitch: string;
  availability: string;
  prefs: Record<PrefField, number>;
}

export type DraftField = Exclude<keyof IntentDraft, 'prefs'>;
export type DraftErrors = Partial<Record<DraftField | 'prefs', string>>;

const defaultPrefs = (): Record<PrefField, number> => ({
  campus: 1,
  languages: 1,
  modality: 1,
  availability: 1,
});

/** A fresh form (capacity 5, ttl_days 7); modality left for the user to choose. */
export function emptyDraft(): IntentDraft {
  return {
    course_code: '',
    modality: '',
    campus: '',
    languages: '',
    location_hint: '',
    topic: '',
    capacity: String(LIMITS.intentCapacityDefault),
    ttl_days: String(LIMITS.intentTtlDaysDefault),
    pitch: '',
    availability: '',
    prefs: defaultPrefs(),
  };
}

/** The form filled from a saved intent, for 'Edit'. */
export function draftFromIntent(intent: Intent): IntentDraft {
  const prefs = defaultPrefs();
  for (const field of PREF_FIELDS) {
    const weight = intent.prefs[field];
    if (typeof weight === 'number') prefs[field] = clampWeight(weight);
  }
  return {
    course_code: intent.course_code,
    modality: intent.modality,
    campus: intent.campus,
    languages: intent.languages,
    location_hint: intent.location_hint,
    topic: intent.topic,
    capacity: String(intent.capacity),
    ttl_days: String(intent.ttl_days),
    pitch: intent.pitch,
    availability: intent.availability,
    prefs,
  };
}

export function clampWeight(weight: number): number {
  if (!Number.isFinite(weight)) return 0;
  return Math.min(3, Math.max(0, Math.round(weight)));
}

/** A course the server will take: its code, its name or a part of a name only one course has. */
export function isCourse(value: string): boolean {
  return resolveCourse(value) !== undefined;
}

export function isModality(value: string): value is Modality {
  return (MODALITIES as readonly string[]).includes(value.trim().toLowerCase());
}

function wholeNumberIn(value: string, min: number, max: number): boolean {
  const text = value.trim();
  if (!/^\d+$/.test(text)) return false;
  const n = Number(text);
  return n >= min && n <= max;
}

const LENGTH_CHECKS: [DraftField, string, number][] = [
  ['campus', 'Campus', INTENT_LIMITS.campus],
  ['languages', 'Languages', INTENT_LIMITS.languages],
  ['location_hint', 'Location', INTENT_LIMITS.location_hint],
  ['topic', 'Topic', INTENT_LIMITS.topic],
  ['pitch', 'Pitch', INTENT_LIMITS.pitch],
  ['availability', 'Availability', INTENT_LIMITS.availability],
];

/** Checks before saving (the server checks the same): course, modality, numbers, lengths, languages. */
export function validateDraft(draft: IntentDraft, role: TutoringRole): DraftErrors {
  const errors: DraftErrors = {};
  if (!isCourse(draft.course_code)) errors.course_code = t.pickCourse;
  if (!isModality(draft.modality)) errors.modality = t.badModality;
  if (
    role === 'tutor' &&
    !wholeNumberIn(draft.capacity, INTENT_LIMITS.capacity.min, INTENT_LIMITS.capacity.max)
  ) {
    errors.capacity = FORM_TEXTS.badCapacity;
  }
  if (!wholeNumberIn(draft.ttl_days, INTENT_LIMITS.ttl_days.min, INTENT_LIMITS.ttl_days.max))
    errors.ttl_days = FORM_TEXTS.badTtl;
  for (const [field, label, max] of LENGTH_CHECKS) {
    if (draft[field].trim().length > max) errors[field] = FORM_TEXTS.tooLong(label, max);
  }
  const { unknown } = readLanguages(draft.languages);
  if (!errors.languages && unknown.length > 0) errors.languages = LANGUAGE_TEXTS.unknown(unknown);
  return errors;
}

/**
 * Normalization (docs/matchmaking.md): the course as its code (typed by code or name); campus, modality and
 * topic trimmed and lower-cased; languages normalized; capacity a number (tutors only); pitch, availability and location trimmed.
 */
export function normalizeDraft(draft: IntentDraft, role: TutoringRole): IntentFieldsInput {
  const fields: IntentFieldsInput = {
    course_code: resolveCourse(draft.course_code) ?? draft.course_code.trim().toLowerCase(),
    modality: draft.modality.trim().toLowerCase(),
    campus: draft.campus.trim().toLowerCase(),
    languages: normalizeLanguages(draft.languages),
    location_hint: draft.location_hint.trim(),
    topic: draft.topic.trim().toLowerCase(),
    ttl_days: Number(draft.ttl_days.trim()),
    pitch: draft.pitch.trim(),
    availability: draft.availability.trim(),
    prefs: {
      campus: clampWeight(draft.prefs.campus),
      languages: clampWeight(draft.prefs.languages),
      modality: clampWeight(draft.prefs.modality),
      availability: clampWeight(draft.prefs.availability),
    },
  };
  if (role === 'tutor') fields.capacity = Number(draft.capacity.trim());
  return fields;
}

/** A 0..1 score as a percentage with one decimal ('87.5%'). */
export function formatScore(score: number): string {
  if (!Number.isFinite(score)) return '0.0%';
  const clamped = Math.min(1, Math.max(0, score));
  return `${(clamped * 100).toFixed(1)}%`;
}

export const FIELD_SCORE_LABELS: Record<keyof FieldScores, string> = {
  course: 'Course',
  modality: 'Modality',
  languages: 'Languages',
  campus: 'Campus',
  availability: 'Availability',
  topic: 'Topic',
};

/** The field scores a result carries, in a stable order, formatted. */
export function fieldScoreRows(scores: FieldScores | undefined): { label: string; value: string }[] {
  if (!scores) return [];
  return (Object.keys(FIELD_SCORE_LABELS) as (keyof FieldScores)[])
    .filter((key) => typeof scores[key] === 'number')
    .map((key) => ({ label: FIELD_SCORE_LABELS[key], value: formatScore(scores[key]!) }));
}

/** A result names its candidate as candidate_username (or username); null when neither. */
export function candidateName(rec: Partial<TutorRecommendation> & { username?: unknown }): string | null {
  const name =
    typeof rec.candidate_username === 'string' && rec.candidate_username
      ? rec.candidate_username
      : rec.username;
  return typeof name === 'string' && name.trim() ? name.trim() : null;
}

/** An open intent shows as 'Active'; no intent shows as 'none'. */
export function statusLabel(status: IntentStatus | null | undefined): string {
  return t.statusLabel[status ?? 'none'];
}

export type MatchmakingTab = 'group' | 'tutoring';

/** The tab in `?tab=`; the page opens on Group unless the URL says tutoring. */
export function parseTab(value: string | null): MatchmakingTab {
  return value === 'tutoring' ? 'tutoring' : 'group';
}

/** The role in `?role=`; tutoree unless the URL says tutor. */
export function parseRole(value: string | null): TutoringRole {
  return value === 'tutor' ? 'tutor' : 'tutoree';
}
