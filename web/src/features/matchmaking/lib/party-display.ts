import type {
  PartyCandidate,
  PartyModality,
  PartyScoreField,
  PartyStatus,
  StudyLevel,
} from '@studium/protocol';

export { formatWindow, memberLabel, WEEKDAY_LABELS } from '@studium/protocol';

/** How the group tab words a party's values: labels, member names, weekly windows, and order. */

export const MODALITY_LABELS: Record<PartyModality, string> = {
  in_person: 'In person',
  remote: 'Remote',
  either: 'Either',
};

export const STUDY_LEVEL_LABELS: Record<StudyLevel, string> = {
  bachelor_1: 'Bachelor, year 1',
  bachelor_2: 'Bachelor, year 2',
  bachelor_3: 'Bachelor, year 3',
  master: 'Master',
  phd: 'PhD',
  other: 'Other',
};

export const SCORE_FIELD_LABELS: Record<PartyScoreField, string> = {
  topic: 'Topic',
  modality: 'Modality',
  languages: 'Languages',
  campus: 'Campus',
  availability: 'Availability',
  size: 'Group size',
  study_level: 'Study level',
};

const STATUS_LABELS: Record<PartyStatus, string> = {
  open: 'Active',
  paused: 'Paused',
  matched: 'Matched',
  archived: 'Archived',
};
export const partyStatusLabel = (status: PartyStatus): string => STATUS_LABELS[status];

/** Pending offers, the newest acceptance first (offers without a time last). */
export function sortPending(offers: readonly PartyCandidate[]): PartyCandidate[] {
  const time = (o: PartyCandidate) => (o.accepted_at ? Date.parse(o.accepted_at) : Number.NEGATIVE_INFINITY);
  return [...offers].sort((a, b) => time(b) - time(a));
}
