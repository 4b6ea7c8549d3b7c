import {
  formatWindow,
  memberLabel,
  PARTY_TEXTS,
  topicLabel,
  type AvailabilityBlock,
  type OfferState,
  type Party,
  type PartyCandidate,
  type PartyMatch,
  type PartyMember,
  type PartyTeammate,
} from '@studium/protocol';
import type { OfferRow, PartyRow, ScoringRow } from './party.repository';
import type { PartyScore, ScoredParty } from './party.scoring';

/** A stored JSON array; a value that cannot be read counts as empty. */
function parseArray<T>(json: string): T[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export const parseMembers = (row: Pick<PartyRow, 'members'>): PartyMember[] =>
  parseArray<PartyMember>(row.members);
export const parseAvailability = (row: Pick<PartyRow, 'availability'>): AvailabilityBlock[] =>
  parseArray<AvailabilityBlock>(row.availability);

/**
 * The members a party counts: everyone listed but the registered teammates who have not confirmed
 * (`unconfirmed`, lower-cased usernames). Teammates without an account are the owner's word.
 */
export function countedMembers<M extends Pick<PartyMember, 'username'>>(
  members: readonly M[],
  unconfirmed: ReadonlySet<string> = new Set(),
): M[] {
  return members.filter((m) => m.username === null || !unconfirmed.has(m.username.toLowerCase()));
}

/** What scoring reads of a stored party; `memberIds` are its registered members (the owner at least). */
export function toScored(row: ScoringRow, memberIds: readonly number[] = [row.user_id]): ScoredParty {
  return {
    id: row.id,
    user_id: row.user_id,
    topic_key: row.topic_key,
    status: row.status,
    size: row.existing_member_count,
    target_size: row.target_size,
    preferred_complement_size: row.preferred_complement_size,
    modality: row.modality,
    languages: row.languages,
    campus: row.campus,
    availability: parseAvailability(row),
    study_level: row.study_level,
    member_ids: memberIds,
  };
}

const NO_PREFS: PartyMember['prefs'] = { study_level: null, grades: '', blurb: '' };

/**
 * A party as the protocol sends it to `viewer`: its owner sees everything it entered and where
 * each listed registered teammate stands; a registered teammate sees the party, not the other
 * members' study profiles nor the invitations, and cannot manage it. Its size counts confirmed
 * members only (the stored count); the payload echoes the count the owner entered.
 */
export function presentParty(
  row: PartyRow,
  viewer: { id: number; username: string },
  matches: PartyMatch[],
  teammates: PartyTeammate[],
): Party {
  const isOwner = row.user_id === viewer.id;
  const members = parseMembers(row).map((m) =>
    isOwner || m.username?.toLowerCase() === viewer.username.toLowerCase() ? m : { ...m, prefs: NO_PREFS },
  );
  return {
    id: row.id,
    size: row.existing_member_count,
    target_size: row.target_size,
    topic_key: row.topic_key,
    owner_username: row.owner_username,
    status: row.status,
    intent: {
      status: row.status,
      payload: {
        topic_key: row.topic_key,
        target_size: row.target_size,
        existing_member_count: members.length,
        preferred_complement_size: row.preferred_complement_size,
        pitch: row.pitch,
        campus: row.campus,
        languages: row.languages,
        modality: row.modality,
        availability: parseAvailability(row),
        location_hint: row.location_hint,
        members,
      },
    },
    members,
    can_manage: isOwner,
    matches,
    teammates: isOwner ? teammates : [],
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Which side of an offer a party is. */
export const sideOf = (offer: Pick<OfferRow, 'party_a_id'>, partyId: number): 'A' | 'B' =>
  offer.party_a_id === partyId ? 'A' : 'B';
export const acceptedState = (side: 'A' | 'B'): OfferState => (side === 'A' ? 'A_ACCEPTED' : 'B_ACCEPTED');
const otherSide = (side: 'A' | 'B'): 'A' | 'B' => (side === 'A' ? 'B' : 'A');

/**
 * The other party as a recommendation or a pending offer of `subjectId`: other parties see its
 * counted members' names (`unconfirmed` teammates are left out), not their profiles.
 */
export function presentCandidate(
  row: PartyRow,
  scored: PartyScore,
  subjectId: number,
  offer: OfferRow | undefined,
  unconfirmed: ReadonlySet<string> | undefined,
): PartyCandidate {
  const members = countedMembers(parseMembers(row), unconfirmed);
  const side = offer ? sideOf(offer, subjectId) : 'A';
  return {
    candidate_party_id: row.id,
    score: scored.score,
    pairing_preview_json: scored.pairing_preview_json,
    size: row.existing_member_count,
    target_size: row.target_size,
    topic_key: row.topic_key,
    owner_username: row.owner_username,
    member_usernames: members.flatMap((m) => (m.username ? [m.username] : [])),
    members: members.map((m) => ({
      username: m.username,
      display_name: m.display_name,
      is_owner: m.is_owner,
    })),
    pitch: row.pitch,
    offer_id: offer?.id ?? null,
    offer_state: offer?.state ?? null,
    accepted_at: (side === 'A' ? offer?.a_accepted_at : offer?.b_accepted_at) ?? null,
    accepted_by_other: offer?.state === acceptedState(otherSide(side)),
  };
}

export function presentMatch(
  row: {
    id: number;
    party_a_id: number;
    party_b_id: number;
    matched_at: string | null;
    room_id: number;
    room_name: string;
  },
  subjectId: number,
  topicKey: string,
  usernames: string[],
): PartyMatch {
  return {
    offer_id: row.id,
    other_party_id: row.party_a_id === subjectId ? row.party_b_id : row.party_a_id,
    room_id: row.room_id,
    room_name: row.room_name,
    topic_key: topicKey,
    member_usernames: usernames,
    matched_at: row.matched_at ?? '',
  };
}

/** The name of a matched group's room: 'CS-101 study group'. */
export const matchRoomName = (topicKey: string): string => `${topicLabel(topicKey)} study group`;

/**
 * The first message of a matched group's room (markdown): who is in it, the topic, and the weekly
 * windows everyone is free, so the group can meet without a round of scheduling.
 */
export function formatMatchWelcome(
  topicKey: string,
  members: ReadonlyArray<Pick<PartyMember, 'username' | 'display_name'>>,
  windows: readonly AvailabilityBlock[],
): string {
  const heading = `**Study group for ${topicLabel(topicKey)}** — ${members.map(memberLabel).join(', ')}`;
  const times =
    windows.length === 0
      ? PARTY_TEXTS.noOverlap
      : `You are all free: ${windows.map(formatWindow).join(', ')}`;
  return `${heading}\n\n${times}`;
}
