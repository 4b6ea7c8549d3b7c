import { z } from 'zod';
import { HOBBY_TOPICS } from './matchmaking-catalogue';
import { MODALITIES, intent, tutoringRole } from './matchmaking';
import { COURSE_CODES } from './matchmaking-courses';
import { WEEKDAYS, availabilityBlock } from './matchmaking-party';

/**
 * Assistants: bot accounts that answer in rooms that allow bots, the onboarding interview
 * (`/matchmaking_bot`) and the room discovery bot (`/discovery_bot`). The interview and the
 * discovery bot each talk to the user in a private room of kind 'assistant' (the user and the
 * bot), over the ordinary room socket: the user's answers are ordinary messages, the bot's
 * replies arrive as `bot_stream` deltas and then as the stored message. The rules, the engines
 * and their measured quality: docs/assistants.md.
 */

export * from './assistants-texts';
import { ASSISTANT_KINDS, ASSISTANT_LIMITS, ASSISTANT_TEXTS } from './assistants-texts';

export const assistantKind = z.enum(ASSISTANT_KINDS);

const courseCode = z.enum(COURSE_CODES);
const hobby = z.enum(HOBBY_TOPICS);
/** ISO 639-1, lower case. */
const languageCode = z.string().regex(/^[a-z]{2}$/);

/**
 * What the assistant understood from one or more interview answers. Every slot is empty (an
 * empty list or null) when nothing was said of it.
 */
export const interviewReading = z.object({
  courses: z.array(courseCode),
  languages: z.array(languageCode),
  modality: z.enum(MODALITIES).nullable(),
  availability: z.array(z.object({ day: z.enum(WEEKDAYS), start: z.string(), end: z.string() })),
  role: z.enum(['tutor', 'tutoree', 'group']).nullable(),
  hobbies: z.array(hobby),
  campus: z.string().nullable(),
});
export type InterviewReading = z.infer<typeof interviewReading>;
export const INTERVIEW_SLOTS = [
  'courses',
  'languages',
  'modality',
  'availability',
  'role',
  'hobbies',
  'campus',
] as const;
export type InterviewSlot = (typeof INTERVIEW_SLOTS)[number];

/**
 * Short answers a screen may offer as buttons under the interview's follow-up question, for the
 * slots where a few choices cover most answers. Each one, sent as the answer, fills the slot.
 */
export const INTERVIEW_QUICK_REPLIES: Readonly<Partial<Record<InterviewSlot, readonly string[]>>> = {
  role: ['I need a tutor', 'I can tutor others', 'A study group'],
  modality: ['Online', 'In person', 'Either is fine', 'A mix of both'],
  availability: ['Weekday evenings', 'Weekday mornings', 'Weekends', 'Any day'],
};

/** `POST /api/assistants/interview/parse/`: the structured reading of one answer. */
export const interviewParseBody = z.strictObject({
  text: z
    .string({ error: ASSISTANT_TEXTS.emptyAnswer })
    .trim()
    .min(1, ASSISTANT_TEXTS.emptyAnswer)
    .max(ASSISTANT_LIMITS.textMax),
});
export type InterviewParseBody = z.infer<typeof interviewParseBody>;
export const interviewParseResponse = interviewReading;

/**
 * `GET /api/assistants/interview/`: the interview so far. `reading` merges every answer given in
 * the interview room; `missing` lists the slots the bot still asks about; `complete` is true when
 * it has asked for everything once and the card can be confirmed.
 */
export const interviewState = z.object({
  room_id: z.number().int().positive(),
  reading: interviewReading,
  /** Free text of the studies ("second year CS"), kept for the profile's Studies field. */
  studies: z.string(),
  missing: z.array(z.enum(INTERVIEW_SLOTS)),
  complete: z.boolean(),
  /**
   * The `INTERVIEW_QUICK_REPLIES` of the slot the bot's last question asked about, while that slot
   * is still missing; empty otherwise.
   */
  quick_replies: z.array(z.string()),
});
export type InterviewState = z.infer<typeof interviewState>;

/**
 * `POST /api/assistants/interview/confirm/`: the card as the user edited it. Saves the profile's
 * studies, languages and interests, then the matching intent: a tutor or tutoree intent for the
 * first course, or a party draft (paused) for a study group.
 */
export const interviewConfirmBody = z.strictObject({
  studies: z.string().trim().max(200).default(''),
  courses: z.array(courseCode).max(10),
  languages: z.array(languageCode).max(10),
  modality: z.enum(MODALITIES).nullable(),
  availability: z.array(availabilityBlock).max(21),
  role: z.enum(['tutor', 'tutoree', 'group']).nullable(),
  hobbies: z.array(hobby).max(32),
  campus: z.string().trim().max(80).nullable(),
});
export type InterviewConfirmBody = z.infer<typeof interviewConfirmBody>;
export const interviewConfirmResponse = z.object({
  /** The tutoring intent made or replaced, when the role was tutor or tutoree. */
  intent: intent.nullable(),
  intent_role: tutoringRole.nullable(),
  /** True when a party draft was saved (role 'group'). */
  party_saved: z.boolean(),
});
export type InterviewConfirmResponse = z.infer<typeof interviewConfirmResponse>;

/** `GET /api/assistants/discover/?q=`: rooms for a request in the user's own words, best first. */
export const discoverQuery = z.object({
  q: z
    .string({ error: ASSISTANT_TEXTS.emptyQuery })
    .trim()
    .min(1, ASSISTANT_TEXTS.emptyQuery)
    .max(ASSISTANT_LIMITS.queryMax),
});
export type DiscoverQuery = z.infer<typeof discoverQuery>;
export const discoveredRoom = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  /** The room's place in the tree, e.g. "Mathematics › Linear Algebra". */
  path: z.string(),
  /** The room's slug, for its link. */
  slug: z.string(),
  score: z.number().min(0).max(1),
  /** Why it fits, in one sentence. */
  reason: z.string(),
  /** Whether the user already belongs to it. */
  member: z.boolean(),
});
export type DiscoveredRoom = z.infer<typeof discoveredRoom>;
export const discoverResponse = z.object({ rooms: z.array(discoveredRoom) });
export type DiscoverResponse = z.infer<typeof discoverResponse>;

/** `GET /api/assistants/{kind}/room/`: the user's private room with that assistant (made on first use). */
export const assistantRoomResponse = z.object({
  room_id: z.number().int().positive(),
  /** The room name for `/ws/room/{name}/`. */
  room_name: z.string(),
  bot_username: z.string(),
  /** Which engine answers: the offline one, or the configured endpoint. */
  engine: z.enum(['offline', 'endpoint']),
});
export type AssistantRoomResponse = z.infer<typeof assistantRoomResponse>;

/** `GET|POST /api/assistants/consent/`: whether bots may read the user's messages (default yes). */
export const botConsentBody = z.strictObject({ bots_may_read: z.boolean() });
export type BotConsentBody = z.infer<typeof botConsentBody>;
export const botConsentResponse = botConsentBody;
export type BotConsentResponse = z.infer<typeof botConsentResponse>;

/** `POST /api/onboarding/complete/`: the tour was finished (kept on the server per user). */
export const onboardingCompleteResponse = z.object({ onboarding_completed: z.literal(true) });
export type OnboardingCompleteResponse = z.infer<typeof onboardingCompleteResponse>;
