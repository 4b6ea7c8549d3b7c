import {
  PARTY_LIMITS,
  PARTY_TEXTS,
  partyPayload,
  topicCategory,
  type Party,
  type PartyModality,
  type PartyPayload,
  type PartyPayloadInput,
  type StudyLevel,
  type Weekday,
} from '@studium/protocol';

/**
 * The group party wizard's pure side: the draft as typed, its conversion to the protocol's
 * payload (whose schema holds every rule and every text), and which step owns which field.
 * Rules live in docs/matchmaking.md.
 */

export const WIZARD_STEPS = PARTY_TEXTS.steps;
export type WizardStep = 0 | 1 | 2 | 3;
export const LAST_STEP: WizardStep = 3;

export interface MemberDraft {
  display_name: string;
  /** Empty for a teammate without an account; the first row's is always the current user's. */
  username: string;
  study_level: StudyLevel | '';
  grades: string;
  blurb: string;
}

export interface BlockDraft {
  day: Weekday;
  start: string;
  end: string;
}

/** What the wizard edits: every field as typed (numbers as text, so a field can be empty). */
export interface PartyDraft {
  topic_key: string;
  modality: PartyModality | '';
  target_size: string;
  existing_member_count: string;
  /** Empty means no preference. */
  preferred_complement_size: string;
  pitch: string;
  campus: string;
  languages: string;
  location_hint: string;
  availability: BlockDraft[];
  members: MemberDraft[];
}

/** Field errors keyed by the payload's field path, e.g. `members.1.display_name`. */
export type WizardErrors = Record<string, string>;

export const emptyMember = (): MemberDraft => ({
  display_name: '',
  username: '',
  study_level: '',
  grades: '',
  blurb: '',
});

export const newBlock = (): BlockDraft => ({ day: 'mon', start: '18:00', end: '20:00' });

/** A new party: just you, looking for a group of four. */
export function emptyPartyDraft(currentUser: string): PartyDraft {
  return {
    topic_key: '',
    modality: '',
    target_size: '4',
    existing_member_count: '1',
    preferred_complement_size: '',
    pitch: '',
    campus: '',
    languages: '',
    location_hint: '',
    availability: [],
    members: [{ ...emptyMember(), display_name: currentUser, username: currentUser }],
  };
}

/** The wizard filled from the saved party, for 'Edit intent'. */
export function draftFromParty(party: Party): PartyDraft {
  const p = party.intent.payload;
  return {
    topic_key: p.topic_key,
    modality: p.modality ?? '',
    target_size: String(p.target_size),
    existing_member_count: String(p.existing_member_count),
    preferred_complement_size:
      p.preferred_complement_size === null ? '' : String(p.preferred_complement_size),
    pitch: p.pitch,
    campus: p.campus,
    languages: p.languages,
    location_hint: p.location_hint,
    availability: p.availability.map((b) => ({ ...b })),
    members: p.members.map((m) => ({
      display_name: m.display_name,
      username: m.username ?? '',
      study_level: m.prefs.study_level ?? '',
      grades: m.prefs.grades,
      blurb: m.prefs.blurb,
    })),
  };
}

/** Only course topics have a way of meeting to choose; hobbies and general topics have none. */
export const hasModality = (topicKey: string): boolean => topicCategory(topicKey) === 'course';

const wholeNumber = (text: string): number | undefined =>
  text.trim() === '' ? undefined : Number(text.trim());

const isCount = (n: number | undefined): n is number =>
  n !== undefined && Number.isInteger(n) && n >= 1 && n <= PARTY_LIMITS.targetSizeMax;

/** The room left for newcomers, or null while target or team size is not a usable number. */
export function roomLeft(draft: Pick<PartyDraft, 'target_size' | 'existing_member_count'>): number | null {
  const target = wholeNumber(draft.target_size);
  const existing = wholeNumber(draft.existing_member_count);
  if (!isCount(target) || !isCount(existing)) return null;
  return Math.max(0, target - existing);
}

/**
 * The preferred remaining spots after target or team size changed: kept within 0..room,
 * and cleared when no room is left.
 */
export function clampComplement(draft: PartyDraft): string {
  const room = roomLeft(draft);
  const preferred = wholeNumber(draft.preferred_complement_size);
  if (room === null || preferred === undefined || !Number.isFinite(preferred))
    return draft.preferred_complement_size;
  if (room === 0) return '';
  return String(Math.min(room, Math.max(0, Math.round(preferred))));
}

/** One member row per person already in the group: rows are kept, added or dropped to match. */
export function resizeMembers(members: MemberDraft[], countText: string): MemberDraft[] {
  const count = wholeNumber(countText);
  if (!isCount(count)) return members;
  if (count <= members.length) return members.slice(0, count);
  return [...members, ...Array.from({ length: count - members.length }, emptyMember)];
}

/** A change to team or target size, with everything that follows from it. */
export function withTeamSizes(
  draft: PartyDraft,
  change: Partial<Pick<PartyDraft, 'target_size' | 'existing_member_count'>>,
): PartyDraft {
  const next = { ...draft, ...change };
  return {
    ...next,
    members: resizeMembers(next.members, next.existing_member_count),
    preferred_complement_size: clampComplement(next),
  };
}

/** A new topic: modality only survives on a course topic. */
export function withTopic(draft: PartyDraft, topicKey: string): PartyDraft {
  return { ...draft, topic_key: topicKey, modality: hasModality(topicKey) ? draft.modality : '' };
}

/** The payload as typed: the sizes may still be missing, which the schema reports. */
export type PayloadDraft = Omit<PartyPayloadInput, 'target_size' | 'existing_member_count'> & {
  target_size: number | undefined;
  existing_member_count: number | undefined;
};

/** The draft as the payload schema reads it; the first member is the owner, fixed to you. */
export function toPayloadInput(draft: PartyDraft, currentUser: string): PayloadDraft {
  return {
    topic_key: draft.topic_key,
    target_size: wholeNumber(draft.target_size),
    existing_member_count: wholeNumber(draft.existing_member_count),
    preferred_complement_size: wholeNumber(draft.preferred_complement_size) ?? null,
    pitch: draft.pitch,
    campus: draft.campus,
    languages: draft.languages,
    modality: hasModality(draft.topic_key) && draft.modality ? draft.modality : null,
    availability: draft.availability.map((b) => ({ ...b })),
    location_hint: draft.location_hint,
    members: draft.members.map((m, i) => ({
      username: i === 0 ? currentUser : m.username,
      display_name: m.display_name,
      is_owner: i === 0,
      prefs: { study_level: m.study_level || null, grades: m.grades, blurb: m.blurb },
    })),
  };
}

const STEP_OF_FIELD: Record<string, WizardStep> = {
  topic_key: 0,
  modality: 0,
  target_size: 1,
  existing_member_count: 1,
  preferred_complement_size: 1,
  members: 1,
  pitch: 2,
  campus: 2,
  languages: 2,
  location_hint: 2,
  availability: 2,
};

/** The step that shows a field path; a member's prefs are on Profiles, the rest of a member on Team. */
export function stepOfPath(path: string): WizardStep | null {
  const parts = path.split('.');
  if (parts[0] === 'members' && parts[2] === 'prefs') return 3;
  return STEP_OF_FIELD[parts[0] ?? ''] ?? null;
}

/** The earliest step among these errors, or null when none belongs to a step. */
export function firstStepWithError(errors: WizardErrors): WizardStep | null {
  const steps = Object.keys(errors)
    .map(stepOfPath)
    .filter((s): s is WizardStep => s !== null);
  return steps.length ? (Math.min(...steps) as WizardStep) : null;
}

export interface DraftCheck {
  /** The errors of the steps checked; empty when they are all fine. */
  errors: WizardErrors;
  /** The normalized payload, ready to send, once the whole draft is valid. */
  payload: PartyPayload | null;
}

/**
 * Checks the steps up to `upTo` with the protocol's schema: the errors of later steps wait
 * until the user gets there.
 */
export function checkDraft(draft: PartyDraft, currentUser: string, upTo: WizardStep = LAST_STEP): DraftCheck {
  const result = partyPayload.safeParse(toPayloadInput(draft, currentUser));
  if (result.success) return { errors: {}, payload: result.data };
  const errors: WizardErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    // A path no step shows is reported on the last one, so Save never sends an invalid draft.
    const step = stepOfPath(path) ?? LAST_STEP;
    // The first issue of a field is the one to fix first ('Choose a topic' before 'from the suggestions').
    if (step <= upTo && !(path in errors)) errors[path] = issueText(issue);
  }
  return { errors, payload: null };
}

interface IssueLike {
  code: string;
  message: string;
  origin?: string;
  maximum?: number | bigint;
}

/** The schema's own texts, except for length bounds, whose generic wording is replaced by a short one. */
export function issueText(issue: IssueLike): string {
  if (issue.code === 'too_big' && issue.origin === 'string')
    return `Use at most ${String(issue.maximum)} characters.`;
  if (issue.code === 'too_big' && issue.origin === 'array') return `Use at most ${String(issue.maximum)}.`;
  return issue.message;
}

/** The errors without those of one field (the user just changed it). */
export function withoutError(errors: WizardErrors, path: string): WizardErrors {
  if (!(path in errors)) return errors;
  const next = { ...errors };
  delete next[path];
  return next;
}
