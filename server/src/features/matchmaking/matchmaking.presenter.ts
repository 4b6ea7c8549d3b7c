import type { Intent, TutorRecommendation } from '@studium/protocol';
import { fromDbBool } from '../../db/dialect';
import type { TutoringIntent } from '../../db/schema';
import type { MatchScore } from './matchmaking.scoring';

type IntentRow = TutoringIntent & { username: string };

/** The stored soft preferences; a row that cannot be read counts as none. */
export function parsePrefs(json: string): Intent['prefs'] {
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Intent['prefs'])
      : {};
  } catch {
    return {};
  }
}

/** An intent as the protocol sends it ; an open intent past its time shows as archived. */
export function presentIntent(row: IntentRow, now: string): Intent {
  return {
    id: row.id,
    role: row.role,
    username: row.username,
    campus: row.campus,
    languages: row.languages,
    modality: row.modality,
    course_code: row.course_code,
    location_hint: row.location_hint,
    topic: row.topic,
    capacity: row.capacity,
    is_open: fromDbBool(row.is_open),
    prefs: parsePrefs(row.prefs),
    ttl_days: row.ttl_days,
    pitch: row.pitch,
    availability: row.availability,
    status: row.status !== 'archived' && row.expires_at <= now ? 'archived' : row.status,
    created_at: row.created_at,
    expires_at: row.expires_at,
  };
}

export function presentRecommendation(
  row: IntentRow,
  match: MatchScore,
  remainingCapacity: number | null,
): TutorRecommendation {
  return {
    candidate_intent_id: row.id,
    candidate_username: row.username,
    score: match.score,
    field_scores: match.field_scores,
    course_code: row.course_code,
    modality: row.modality,
    languages: row.languages,
    campus: row.campus,
    location_hint: row.location_hint,
    topic: row.topic,
    pitch: row.pitch,
    availability: row.availability,
    remaining_capacity: remainingCapacity,
  };
}
