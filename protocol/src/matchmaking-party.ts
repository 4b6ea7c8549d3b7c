import { z } from 'zod';
import { USERNAME_PATTERN } from './auth';
import { LIMITS } from './limits';
import { isKnownTopic, topicCategory } from './matchmaking-catalogue';
import { languagesField } from './languages';
import { resolveCourse } from './matchmaking-courses';
import { partyTeammate } from './matchmaking-invitations';

/**
 * Group matchmaking: a study party (its owner and the teammates they already have) states what it
 * is looking for; the server recommends other parties on the same topic with a deterministic,
 * explained score; when both owners accept, one group room is made for every registered member
 * of both parties. The rules are written out in docs/matchmaking.md.
 */

/** Texts of the group tab: the product's validation and toast texts, verbatim, then our own. */
export const PARTY_TEXTS = {
  // Validation (one per rule of the wizard)
  chooseTopic: 'Choose a topic to continue',
  topicFromSuggestions: 'Please choose a topic from the suggestions before continuing.',
  targetMin: 'Target group size must be at least 1',
  teammateMin: 'You need at least one teammate (you!)',
  teamOverTarget: 'Current team size cannot exceed the target size',
  displayNameRequired: 'Each teammate needs a display name',
  fillTeammatesFirst: 'Fill in your teammates first',
  ownerUsernameRequired: 'Your username is required',
  duplicateUsernames: 'Duplicate usernames are not allowed',
  complementRange: (max: number) => `Group size preference must be between 0 and ${max}`,
  // Toasts
  loadFailed: 'Failed to load party',
  saveFailed: 'Failed to save party intent',
  deleteFailed: 'Failed to delete group intent',
  cancelFailed: 'Failed to cancel acceptance',
  fetchFailed: 'Failed to fetch matches',
  acceptFailed: 'Accept failed',
  declineFailed: 'Decline failed',
  saved: 'Party intent saved',
  deleted: 'Group intent deleted',
  acceptanceRecorded: 'Acceptance recorded',
  matchAccepted: 'Match accepted',
  acceptanceCancelled: 'Acceptance cancelled',
  declined: 'Declined',
  // Labels
  activeParty: 'Active party',
  editIntent: 'Edit intent',
  seeIntent: 'See intent',
  hideIntent: 'Hide intent',
  saveParty: 'Save party',
  saving: 'Saving…',
  back: 'Back',
  next: 'Next',
  steps: ['Topic', 'Team', 'Details', 'Profiles'] as const,
  members: (size: number, target: number) => `Members: ${size}/${target}`,
  owner: 'Owner',
  member: 'Member',
  deleteIntent: 'Delete intent',
  refresh: 'Refresh',
  recommendations: 'Recommendations',
  pending: 'Pending',
  yourMatches: 'Your Matches',
  theyAcceptedYou: 'They accepted you',
  awaitingConfirmation: 'Awaiting confirmation',
  cancelAcceptance: 'Cancel acceptance',
  details: 'Details',
  viewOwnerProfile: 'View owner profile',
  // Ours
  hobbyHint: 'Hobbies meet however suits the group, so there is no modality to pick.',
  ownerIsYou: (username: string) => `The first teammate is you (${username}).`,
  unknownMembers: (names: string[]) => `User not found: ${names.join(', ')}.`,
  partyNotFound: 'Party not found.',
  notYourParty: 'Only the party’s owner can do that.',
  candidateGone: 'That party is no longer available.',
  alreadyMatched: 'You are already matched with that party.',
  noParty: 'You have no party yet. Describe your group and we will find others to study with.',
  noPausedParty: 'No paused intent to resume',
  noCandidates: 'No parties to suggest yet. Check back later, or widen your details.',
  noPending: 'Nothing awaiting confirmation.',
  ownerDecides: (owner: string) => `${owner} leads this party: they accept or decline other groups for it.`,
  noMatches: 'No matches yet.',
  noOverlap: 'No shared free time yet.',
} as const;

const t = PARTY_TEXTS;

/** Bounds of a party (the product leaves them open; these are ours). */
export const PARTY_LIMITS = {
  targetSizeMax: 12,
  pitchMax: 500,
  campusMax: 80,
  languagesMax: LIMITS.languagesMax,
  locationMax: 120,
  displayNameMax: 60,
  gradesMax: 40,
  memberBlurbMax: 300,
  availabilityBlocksMax: 28,
  /** Candidates one call answers, best first. */
  candidatesMax: 20,
  /** Teammate username suggestions start at this many characters. */
  teammateSearchMin: LIMITS.userSearchMin,
} as const;

/** A party's way of meeting; hobby topics have none (null). */
export const PARTY_MODALITIES = ['in_person', 'remote', 'either'] as const;
export type PartyModality = (typeof PARTY_MODALITIES)[number];

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

/** A weekly window as people read it, on the screens and in a matched group's first message: 'Tue 14:00–16:30'. */
export const formatWindow = (w: { day: Weekday; start: string; end: string }): string =>
  `${WEEKDAY_LABELS[w.day]} ${w.start}–${w.end}`;

/** A teammate as people read them: the display name, and the username when it says something more. */
export function memberLabel(member: { username: string | null; display_name: string }): string {
  const { username, display_name: name } = member;
  return username && username.toLowerCase() !== name.trim().toLowerCase() ? `${name} (@${username})` : name;
}

/** A member's stage of study; 'other' is not compared. */
export const STUDY_LEVELS = ['bachelor_1', 'bachelor_2', 'bachelor_3', 'master', 'phd', 'other'] as const;
export type StudyLevel = (typeof STUDY_LEVELS)[number];

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A weekly block of free time, e.g. {day: 'tue', start: '14:00', end: '16:30'}. */
export const availabilityBlock = z
  .strictObject({
    day: z.enum(WEEKDAYS, { error: 'Pick a day of the week.' }),
    start: z.string().regex(TIME, 'Use a time like 14:00.'),
    end: z.string().regex(TIME, 'Use a time like 16:30.'),
  })
  .refine((b) => minutesOf(b.start) < minutesOf(b.end), {
    message: 'A time block must end after it starts.',
    path: ['end'],
  });
export type AvailabilityBlock = z.infer<typeof availabilityBlock>;

const text = (max: number) => z.string().trim().max(max).default('');

/** What the Profiles step adds for each teammate. */
export const memberPrefs = z
  .strictObject({
    study_level: z.enum(STUDY_LEVELS).nullable().default(null),
    grades: text(PARTY_LIMITS.gradesMax),
    blurb: text(PARTY_LIMITS.memberBlurbMax),
  })
  .default({ study_level: null, grades: '', blurb: '' });
export type MemberPrefs = z.infer<typeof memberPrefs>;

export const partyMemberInput = z.strictObject({
  /** Registered teammates are named; the rest are just a display name. Empty means none. */
  username: z
    .string()
    .trim()
    .max(LIMITS.usernameMax, 'User not found.')
    .nullable()
    .default(null)
    .transform((u) => (u ? u : null))
    .refine((u) => u === null || USERNAME_PATTERN.test(u), 'User not found.'),
  display_name: z
    .string({ error: t.displayNameRequired })
    .trim()
    .min(1, t.displayNameRequired)
    .max(PARTY_LIMITS.displayNameMax),
  is_owner: z.boolean().default(false),
  prefs: memberPrefs,
});
export type PartyMemberInput = z.infer<typeof partyMemberInput>;

/**
 * The party intent payload (`POST /api/party/active`), normalized as the wizard sends it:
 * topic, campus and modality lower-cased, languages as codes, texts trimmed. Every rule of the
 * wizard is checked here too, each reported on its own field, so the server and the screen give
 * the same text for the same mistake.
 */
export const partyPayload = z
  .strictObject({
    topic_key: z
      .string({ error: t.chooseTopic })
      .trim()
      .toLowerCase()
      .min(1, t.chooseTopic)
      // A course may be typed by its name ('Linear Algebra', 'linear'): stored as its code.
      .transform((topic) => (isKnownTopic(topic) ? topic : (resolveCourse(topic) ?? topic)))
      .refine(isKnownTopic, t.topicFromSuggestions),
    target_size: z.number({ error: t.targetMin }).int().min(1, t.targetMin).max(PARTY_LIMITS.targetSizeMax),
    existing_member_count: z
      .number({ error: t.teammateMin })
      .int()
      .min(1, t.teammateMin)
      .max(PARTY_LIMITS.targetSizeMax),
    preferred_complement_size: z.number().int().min(0).nullable().default(null),
    pitch: text(PARTY_LIMITS.pitchMax),
    campus: text(PARTY_LIMITS.campusMax).transform((c) => c.toLowerCase()),
    languages: languagesField(PARTY_LIMITS.languagesMax),
    modality: z
      .string()
      .trim()
      .toLowerCase()
      .refine(
        (m) => (PARTY_MODALITIES as readonly string[]).includes(m),
        'Modality must be in_person, remote, or either',
      )
      .transform((m) => m as PartyModality)
      .nullable()
      .default(null),
    availability: z.array(availabilityBlock).max(PARTY_LIMITS.availabilityBlocksMax).default([]),
    location_hint: text(PARTY_LIMITS.locationMax),
    members: z
      .array(partyMemberInput, { error: t.fillTeammatesFirst })
      .min(1, t.teammateMin)
      .max(PARTY_LIMITS.targetSizeMax),
  })
  .superRefine((p, ctx) => {
    if (p.existing_member_count > p.target_size)
      ctx.addIssue({ code: 'custom', path: ['existing_member_count'], message: t.teamOverTarget });
    if (p.members.length !== p.existing_member_count)
      ctx.addIssue({ code: 'custom', path: ['members'], message: t.fillTeammatesFirst });
    const room = Math.max(0, p.target_size - p.existing_member_count);
    if (p.preferred_complement_size !== null && p.preferred_complement_size > room)
      ctx.addIssue({ code: 'custom', path: ['preferred_complement_size'], message: t.complementRange(room) });
    p.members.forEach((m, i) => {
      if (i === 0 && !m.username)
        ctx.addIssue({ code: 'custom', path: ['members', 0, 'username'], message: t.ownerUsernameRequired });
      if (m.is_owner !== (i === 0))
        ctx.addIssue({
          code: 'custom',
          path: ['members', i, 'is_owner'],
          message: 'The first teammate, and only they, is the owner.',
        });
    });
    const seen = new Set<string>();
    p.members.forEach((m, i) => {
      const key = m.username?.toLowerCase();
      if (!key) return;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['members', i, 'username'], message: t.duplicateUsernames });
      seen.add(key);
    });
  })
  // Hobbies carry no modality: it is cleared, not refused.
  .transform((p) => (topicCategory(p.topic_key) === 'hobby' ? { ...p, modality: null } : p));
export type PartyPayload = z.output<typeof partyPayload>;
export type PartyPayloadInput = z.input<typeof partyPayload>;

/** `POST /api/intent/group`: the alias of `POST /api/party/active`, with the intent save modes. */
export const saveGroupIntentBody = z.union([
  z.strictObject({ mode: z.enum(['create', 'replace']), party: partyPayload }),
  z.strictObject({ mode: z.enum(['pause', 'resume']) }),
]);
export type SaveGroupIntentBody = z.infer<typeof saveGroupIntentBody>;

export const PARTY_STATUSES = ['open', 'paused', 'matched', 'archived'] as const;
export type PartyStatus = (typeof PARTY_STATUSES)[number];

/** A < B by party id; X_ACCEPTED means party X has accepted and waits for the other. */
export const OFFER_STATES = ['PENDING', 'A_ACCEPTED', 'B_ACCEPTED', 'MATCHED', 'DECLINED'] as const;
export type OfferState = (typeof OFFER_STATES)[number];

const id = z.number().int().positive();

export const partyMember = z.object({
  username: z.string().nullable(),
  display_name: z.string(),
  is_owner: z.boolean(),
  prefs: z.object({ study_level: z.enum(STUDY_LEVELS).nullable(), grades: z.string(), blurb: z.string() }),
});
export type PartyMember = z.infer<typeof partyMember>;

const storedPayload = z.object({
  topic_key: z.string(),
  target_size: z.number().int(),
  existing_member_count: z.number().int(),
  preferred_complement_size: z.number().int().nullable(),
  pitch: z.string(),
  campus: z.string(),
  languages: z.string(),
  modality: z.enum(PARTY_MODALITIES).nullable(),
  availability: z.array(z.object({ day: z.enum(WEEKDAYS), start: z.string(), end: z.string() })),
  location_hint: z.string(),
  members: z.array(partyMember),
});

/** Per-field scores in 0..1 that explain a match. */
export const PARTY_SCORE_FIELDS = [
  'topic',
  'modality',
  'languages',
  'campus',
  'availability',
  'size',
  'study_level',
] as const;
export type PartyScoreField = (typeof PARTY_SCORE_FIELDS)[number];
export const partyFieldScores = z.partialRecord(z.enum(PARTY_SCORE_FIELDS), z.number().min(0).max(1));
export type PartyFieldScores = z.infer<typeof partyFieldScores>;

/** The explanation of a score: field scores, and the weekly windows both parties are free. */
export const pairingPreview = z.object({
  field_scores: partyFieldScores,
  overlap_windows: z.array(z.object({ day: z.enum(WEEKDAYS), start: z.string(), end: z.string() })),
  overlap_hours: z.number().min(0),
  combined_size: z.number().int(),
});
export type PairingPreview = z.infer<typeof pairingPreview>;

/** A recommended party, or an offer awaiting the other side (the product's "candidate or offer"). */
export const partyCandidate = z.object({
  candidate_party_id: id,
  /** 0..1; shown as a percentage with one decimal. */
  score: z.number().min(0).max(1),
  pairing_preview_json: pairingPreview,
  size: z.number().int(),
  target_size: z.number().int(),
  topic_key: z.string(),
  owner_username: z.string(),
  member_usernames: z.array(z.string()),
  members: z.array(
    z.object({ username: z.string().nullable(), display_name: z.string(), is_owner: z.boolean() }),
  ),
  pitch: z.string(),
  offer_id: id.nullable(),
  offer_state: z.enum(OFFER_STATES).nullable(),
  /** When this party's owner accepted (pending offers), else null. */
  accepted_at: z.string().nullable(),
  accepted_by_other: z.boolean(),
});
export type PartyCandidate = z.infer<typeof partyCandidate>;

/** A mutual match: the group room made for both parties. */
export const partyMatch = z.object({
  offer_id: id,
  other_party_id: id,
  room_id: id,
  room_name: z.string(),
  topic_key: z.string(),
  member_usernames: z.array(z.string()),
  matched_at: z.string(),
});
export type PartyMatch = z.infer<typeof partyMatch>;

/**
 * A party as the server sends it, to its owner or to one of its registered teammates. Only the
 * owner manages it (`can_manage`: edit, delete, accept, decline); a teammate sees the other
 * members' study profiles left blank. `matches`: the group rooms it was matched into, newest first.
 */
export const party = z.object({
  id,
  size: z.number().int(),
  target_size: z.number().int(),
  topic_key: z.string(),
  owner_username: z.string(),
  status: z.enum(PARTY_STATUSES),
  intent: z.object({ status: z.enum(PARTY_STATUSES), payload: storedPayload }),
  members: z.array(partyMember),
  can_manage: z.boolean(),
  matches: z.array(partyMatch),
  /** Where each listed registered teammate stands (invited, confirmed, declined); the owner's view only. */
  teammates: z.array(partyTeammate),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Party = z.infer<typeof party>;

/** `GET|POST /api/party/active` (and `GET|POST /api/intent/group`): the user's current party, if any. */
export const activePartyResponse = z.object({ current_user: z.string(), party: party.nullable() });
export type ActivePartyResponse = z.infer<typeof activePartyResponse>;

/**
 * `GET /api/party/{id}/candidates`: recommendations (accepted-by-other first, then best score),
 * offers this party accepted (newest acceptance first), and its matches (newest first).
 */
export const partyCandidatesResponse = z.object({
  candidates: z.array(partyCandidate),
  pending_offers: z.array(partyCandidate),
  matches: z.array(partyMatch),
});
export type PartyCandidatesResponse = z.infer<typeof partyCandidatesResponse>;

/** `POST /api/party/{id}/accept`: score and preview are the client's echo and are recomputed, never trusted. */
export const acceptPartyBody = z.strictObject({
  other_party_id: id,
  score: z.number().optional(),
  pairing_preview_json: z.unknown().optional(),
});
export type AcceptPartyBody = z.infer<typeof acceptPartyBody>;

/** The offer's new state; `room_id` is set by the accept that completed the match. */
export const acceptPartyResponse = z.object({
  offer_id: id,
  state: z.enum(OFFER_STATES),
  room_id: id.nullable(),
});
export type AcceptPartyResponse = z.infer<typeof acceptPartyResponse>;

/** `POST /api/party/{id}/decline`: declines a candidate, or cancels this party's own acceptance. */
export const declinePartyBody = z.strictObject({ other_party_id: id });
export type DeclinePartyBody = z.infer<typeof declinePartyBody>;
export const declinePartyResponse = z.object({ offer_id: id, state: z.enum(OFFER_STATES) });
export type DeclinePartyResponse = z.infer<typeof declinePartyResponse>;

/** `POST /api/party/{id}/delete`: the party, now archived. */
export const deletePartyResponse = z.object({ party });
export type DeletePartyResponse = z.infer<typeof deletePartyResponse>;

/**
 * `/ws/notifications/` frame: an offer between the user's party and another changed state
 * (accepted, withdrawn, declined or matched). Both parties' owners get it after commit, on every
 * server process, so their lists of recommendations, pending offers and matches follow.
 */
export const partyOfferFrame = z.object({
  type: z.literal('party.offer'),
  /** The receiving owner's party. */
  party_id: id,
  other_party_id: id,
  state: z.enum(OFFER_STATES),
});
export type PartyOfferFrame = z.infer<typeof partyOfferFrame>;
