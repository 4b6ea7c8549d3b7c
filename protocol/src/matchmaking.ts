import { z } from 'zod';
import type { okResponse } from './auth';
import { LIMITS } from './limits';
import { languagesField } from './languages';
import { resolveCourse } from './matchmaking-courses';

/**
 * Tutoring matchmaking: a tutor or a tutoree states an intent (course, modality, languages, …);
 * the server recommends people of the other role with a deterministic score; accepting opens a
 * DM room with them and notifies them (kind 'match'). The rules: docs/matchmaking.md.
 */

/** The two tutoring roles, as they appear in the URL (`/api/intent/{role}`). */
export const TUTORING_ROLES = ['tutor', 'tutoree'] as const;
export type TutoringRole = (typeof TUTORING_ROLES)[number];
export const tutoringRole = z.enum(TUTORING_ROLES);
export const otherRole = (role: TutoringRole): TutoringRole => (role === 'tutor' ? 'tutoree' : 'tutor');

export const MODALITIES = ['in_person', 'online', 'hybrid', 'remote', 'either'] as const;
export type Modality = (typeof MODALITIES)[number];

/** How the modalities are shown (the form's dropdown and the validation text name them alike). */
export const MODALITY_LABELS: Record<Modality, string> = {
  in_person: 'In person',
  online: 'Online',
  hybrid: 'Hybrid',
  remote: 'Remote',
  either: 'Either',
};

export const INTENT_STATUSES = ['open', 'paused', 'archived'] as const;
export type IntentStatus = (typeof INTENT_STATUSES)[number];

/** Texts of the matchmaking page: the product's validation and toast texts verbatim, then our own. */
export const MATCHMAKING_TEXTS = {
  title: 'Matchmaking',
  tabGroup: 'Group',
  tabTutoring: 'Tutoring',
  roleTutor: 'TUTOR',
  roleTutoree: 'TUTOREE',
  // Validation
  pickCourse: 'Pick a valid course from the list',
  badModality: 'Modality must be In person, Online, Hybrid, Remote, or Either',
  // Toasts (successes and failures)
  noPausedIntent: 'No paused intent to resume',
  saveFailed: 'Save failed',
  deleteFailed: 'Delete failed',
  acceptFailed: 'Accept failed',
  declineFailed: 'Decline failed',
  fetchMatchesFailed: 'Failed to fetch matches',
  missingUsername: 'Missing username from match',
  created: 'Created',
  intentSaved: 'Intent saved',
  intentPaused: 'Intent paused',
  intentResumed: 'Intent resumed',
  intentDeleted: 'Intent deleted',
  matchAccepted: 'Match accepted',
  declined: 'Declined',
  // Status labels (an open intent shows as Active)
  statusLabel: { open: 'Active', paused: 'Paused', archived: 'Archived', none: 'None' } as Record<
    IntentStatus | 'none',
    string
  >,
  // Ours
  noIntent: 'No intent found for this role.',
  intentNotFound: 'Intent not found.',
  candidateNotFound: 'That match is no longer available.',
  noActiveIntent: 'Save an active intent first.',
  alreadyOpen: 'You already have an active intent for this role: replace it instead.',
  recommendations: 'Recommendations',
  noRecommendations: 'No recommendations right now. Check back later, or widen your filters.',
  noPlacesLeft: 'All your places are taken, so nobody new is recommended. Raise your capacity to take more.',
  loadFailed: 'Failed to load your intent',
  yourMatches: 'Your matches',
  noMatchesYet: 'No matches yet. Accept a recommendation to start a conversation.',
  openChat: 'Open chat',
  placesLeft: (left: number, capacity: number) =>
    `${left} of ${capacity} place${capacity === 1 ? '' : 's'} left`,
  /** The note the server posts in the DM room of a new tutoring match. */
  matchNote: (course: string, tutor: string, tutoree: string) =>
    `Tutoring match for ${course}: ${tutor} tutors ${tutoree}. Say hello and plan your first session here.`,
} as const;

const t = MATCHMAKING_TEXTS;

const lower = (max: number) => z.string().trim().toLowerCase().max(max);
const text = (max: number) => z.string().trim().max(max);

/** The fields of a tutoring intent a user sets, normalized (docs/matchmaking.md). */
export const intentFields = z.strictObject({
  /** A course code, or a course's name or a part of it that names one course (docs/matchmaking.md#courses). */
  course_code: z.string({ error: t.pickCourse }).transform((text, ctx) => {
    const code = resolveCourse(text);
    if (!code) ctx.addIssue({ code: 'custom', message: t.pickCourse });
    return code ?? '';
  }),
  modality: z
    .string({ error: t.badModality })
    .trim()
    .toLowerCase()
    .refine((m) => (MODALITIES as readonly string[]).includes(m), t.badModality)
    .transform((m) => m as Modality),
  campus: lower(80).default(''),
  languages: languagesField(LIMITS.languagesMax),
  location_hint: text(120).default(''),
  topic: lower(120).default(''),
  capacity: z.coerce.number().int().min(1).max(50).default(LIMITS.intentCapacityDefault),
  is_open: z.boolean().default(true),
  /** Soft preferences: weights 0..3 per field (0 = ignore); unknown keys are dropped. */
  prefs: z
    .object({
      campus: z.number().int().min(0).max(3).optional(),
      languages: z.number().int().min(0).max(3).optional(),
      modality: z.number().int().min(0).max(3).optional(),
      availability: z.number().int().min(0).max(3).optional(),
    })
    .strip()
    .default({}),
  ttl_days: z.coerce.number().int().min(1).max(90).default(LIMITS.intentTtlDaysDefault),
  pitch: text(500).default(''),
  availability: text(200).default(''),
});
export type IntentFields = z.infer<typeof intentFields>;
export type IntentFieldsInput = z.input<typeof intentFields>;

/** `POST /api/intent/{role}`: create (none open yet), replace (the open or paused one), pause, resume. */
export const saveIntentBody = z.discriminatedUnion('mode', [
  intentFields.extend({ mode: z.literal('create') }),
  intentFields.extend({ mode: z.literal('replace') }),
  z.strictObject({ mode: z.literal('pause') }),
  z.strictObject({ mode: z.literal('resume') }),
]);
export type SaveIntentBody = z.infer<typeof saveIntentBody>;

/** An intent as the server sends it. */
export const intent = z.object({
  id: z.number().int().positive(),
  role: tutoringRole,
  username: z.string(),
  campus: z.string(),
  languages: z.string(),
  modality: z.enum(MODALITIES),
  course_code: z.string(),
  location_hint: z.string(),
  topic: z.string(),
  capacity: z.number().int(),
  is_open: z.boolean(),
  prefs: z.object({
    campus: z.number().optional(),
    languages: z.number().optional(),
    modality: z.number().optional(),
    availability: z.number().optional(),
  }),
  ttl_days: z.number().int(),
  pitch: z.string(),
  availability: z.string(),
  status: z.enum(INTENT_STATUSES),
  created_at: z.string(),
  expires_at: z.string(),
});
export type Intent = z.infer<typeof intent>;

/** `GET /api/intent/{role}` and the answer of `POST`: the user's current (open or paused) intent. */
export const intentResponse = z.object({ intent: intent.nullable() });
export type IntentResponse = z.infer<typeof intentResponse>;

/** Per-field scores in 0..1, as `GET …/recs` explains a match. */
export const fieldScores = z.partialRecord(
  z.enum(['course', 'modality', 'languages', 'campus', 'availability', 'topic']),
  z.number().min(0).max(1),
);
export type FieldScores = z.infer<typeof fieldScores>;

export const tutorRecommendation = z.object({
  candidate_intent_id: z.number().int().positive(),
  candidate_username: z.string(),
  /** 0..1; the page shows it as a percentage with one decimal. */
  score: z.number().min(0).max(1),
  field_scores: fieldScores,
  course_code: z.string(),
  modality: z.enum(MODALITIES),
  languages: z.string(),
  campus: z.string(),
  location_hint: z.string(),
  topic: z.string(),
  pitch: z.string(),
  availability: z.string(),
  /** A tutor's places left (capacity minus matches); null for a tutoree. */
  remaining_capacity: z.number().int().min(0).nullable(),
});
export type TutorRecommendation = z.infer<typeof tutorRecommendation>;

/** `GET /api/intent/{role}/recs`: people of the other role, best first (at most 20). */
export const recommendationsResponse = z.object({
  subject_intent_id: z.number().int().positive().nullable(),
  results: z.array(tutorRecommendation),
});
export type RecommendationsResponse = z.infer<typeof recommendationsResponse>;

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** `POST /api/intent/{role}/accept` and `/decline`. */
export const matchDecisionBody = z.strictObject({ subject_intent_id: id, candidate_intent_id: id });
export type MatchDecisionBody = z.infer<typeof matchDecisionBody>;

/** `POST …/accept` answers the DM room with the candidate. */
export const acceptMatchResponse = z.object({ room: z.number().int().positive() });
export type AcceptMatchResponse = z.infer<typeof acceptMatchResponse>;

/** A tutoring match of the user: the partner, the course and their DM room. */
export const tutoringMatch = z.object({
  username: z.string(),
  /** The partner's role in the match. */
  role: tutoringRole,
  course_code: z.string(),
  room: z.number().int().positive(),
  matched_at: z.string(),
});
export type TutoringMatch = z.infer<typeof tutoringMatch>;

/** `GET /api/intent/{role}/matches`: the matches of the user's intents of the role, newest first. */
export const tutoringMatchesResponse = z.object({
  matches: z.array(tutoringMatch),
  /** As a tutor with a current intent: places left and the capacity; null otherwise. */
  capacity: z.object({ remaining: z.number().int().min(0), total: z.number().int().min(1) }).nullable(),
});
export type TutoringMatchesResponse = z.infer<typeof tutoringMatchesResponse>;

/** `DELETE /api/intent/{role}/delete {intent_id}`: archives the user's intent. */
export const deleteIntentBody = z.strictObject({ intent_id: id });
export type DeleteIntentBody = z.infer<typeof deleteIntentBody>;

export type OkResponse = z.infer<typeof okResponse>;
