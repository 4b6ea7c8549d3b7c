import type { FieldScores, Intent, Modality } from '@studium/protocol';

/** What scoring reads of an intent: the subject's and the candidate's. */
export type ScoredFields = Pick<
  Intent,
  'course_code' | 'modality' | 'languages' | 'campus' | 'availability' | 'topic'
>;
export type ScoredField = keyof FieldScores;

/** Default weights: the course counts double; a subject's pref (0..3) overrides the others, 0 drops the field. */
const DEFAULT_WEIGHTS: Record<ScoredField, number> = {
  course: 2,
  modality: 1,
  languages: 1,
  campus: 1,
  availability: 1,
  topic: 1,
};

/** Scores are rounded so equal matches compare equal, and ties fall to the candidate id. */
const round = (n: number): number => Math.round(n * 10_000) / 10_000;

const REMOTE: ReadonlySet<Modality> = new Set(['online', 'remote', 'hybrid']);

export function modalityScore(a: Modality, b: Modality): number {
  if (a === b || a === 'either' || b === 'either') return 1;
  if (REMOTE.has(a) && REMOTE.has(b)) return 0.5;
  // In person meets hybrid halfway; in person against online or remote does not meet at all.
  if (a === 'hybrid' || b === 'hybrid') return 0.5;
  return 0;
}

/** Jaccard overlap of two sets; 0.5 (unknown) when either side says nothing. */
function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0.5;
  let shared = 0;
  for (const item of a) if (b.has(item)) shared++;
  return shared / (a.size + b.size - shared);
}

const commaList = (text: string) =>
  new Set(
    text
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );

export const languagesScore = (a: string, b: string): number => overlap(commaList(a), commaList(b));
export const wordsScore = (a: string, b: string): number => overlap(words(a), words(b));

export function campusScore(a: string, b: string): number {
  const [x, y] = [a.trim().toLowerCase(), b.trim().toLowerCase()];
  if (!x || !y) return 0.5;
  return x === y ? 1 : 0;
}

export interface MatchScore {
  /** 0..1, the weighted mean of the field scores. */
  score: number;
  /** Per-field scores in 0..1; a field whose weight is 0 is left out. */
  field_scores: FieldScores;
}

/**
 * Scores a candidate for a subject (docs/matchmaking.md): deterministic, per-field scores in 0..1 and
 * their mean weighted by the subject's soft preferences. Pure: no I/O, no clock.
 */
export function scoreMatch(
  subject: ScoredFields,
  candidate: ScoredFields,
  prefs: Intent['prefs'] = {},
): MatchScore {
  return matchScorer(subject, prefs)(candidate);
}

/**
 * `scoreMatch` for one subject and many candidates: the subject's words and the weights are read
 * once, not once per candidate.
 */
export function matchScorer(
  subject: ScoredFields,
  prefs: Intent['prefs'] = {},
): (candidate: ScoredFields) => MatchScore {
  const weights: Record<ScoredField, number> = { ...DEFAULT_WEIGHTS };
  for (const field of ['modality', 'languages', 'campus', 'availability'] as const) {
    const pref = prefs[field];
    if (pref !== undefined) weights[field] = pref;
  }
  const fields = (Object.keys(weights) as ScoredField[]).filter((field) => weights[field] > 0);
  const languages = commaList(subject.languages);
  const availability = words(subject.availability);
  const topic = words(subject.topic);
  return (candidate) => {
    const raw: Record<ScoredField, number> = {
      course: subject.course_code === candidate.course_code ? 1 : 0,
      modality: modalityScore(subject.modality, candidate.modality),
      languages: overlap(languages, commaList(candidate.languages)),
      campus: campusScore(subject.campus, candidate.campus),
      availability: overlap(availability, words(candidate.availability)),
      topic: overlap(topic, words(candidate.topic)),
    };
    const field_scores: FieldScores = {};
    let total = 0;
    let weightSum = 0;
    for (const field of fields) {
      const weight = weights[field];
      field_scores[field] = round(raw[field]);
      total += raw[field] * weight;
      weightSum += weight;
    }
    return { score: weightSum === 0 ? 0 : round(total / weightSum), field_scores };
  };
}

/** Best first; equal scores by candidate intent id, so the order never depends on the query plan. */
export function compareRecommendations(
  a: { score: number; candidate_intent_id: number },
  b: { score: number; candidate_intent_id: number },
): number {
  return b.score - a.score || a.candidate_intent_id - b.candidate_intent_id;
}
