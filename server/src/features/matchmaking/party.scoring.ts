import {
  minutesOf,
  WEEKDAYS,
  type AvailabilityBlock,
  type PairingPreview,
  type PartyFieldScores,
  type PartyModality,
  type PartyScoreField,
  type PartyStatus,
  type StudyLevel,
} from '@studium/protocol';

/**
 * Scoring of two study parties (docs/matchmaking.md): hard rules decide whether a party is a
 * candidate at all; per-field scores in 0..1 explain how well it fits, and their weighted mean
 * is the score. Pure: no I/O, no clock. Every rule here is symmetric, so A scores B as B scores A.
 */

/** What scoring reads of a party. */
export interface ScoredParty {
  id: number;
  /** The owner. */
  user_id: number;
  topic_key: string;
  status: PartyStatus;
  size: number;
  target_size: number;
  preferred_complement_size: number | null;
  /** Null: a hobby, where modality is not scored. */
  modality: PartyModality | null;
  /** Language codes, comma-separated ('en,fr'). */
  languages: string;
  campus: string;
  availability: readonly AvailabilityBlock[];
  /** The members' mean study level (meanStudyLevel), null when none gave a comparable one. */
  study_level: number | null;
  /** Registered members' user ids, the owner included. */
  member_ids: readonly number[];
}

/** Availability counts double: a group that cannot meet does not study together. */
export const PARTY_WEIGHTS: Record<PartyScoreField, number> = {
  topic: 1,
  modality: 1,
  languages: 1,
  campus: 1,
  availability: 2,
  size: 1,
  study_level: 1,
};

/** Scores are rounded so equal matches compare equal, and ties fall to the party id. */
const round = (n: number): number => Math.round(n * 10_000) / 10_000;

/** A side that says nothing scores this: neither a reason for nor against. */
const UNKNOWN = 0.5;

export function modalityScore(a: PartyModality, b: PartyModality): number {
  if (a === b || a === 'either' || b === 'either') return 1;
  return 0;
}

// The same few language lists come up on thousands of parties: each is split once.
const codesOf = new Map<string, ReadonlySet<string>>();
function codes(text: string): ReadonlySet<string> {
  let set = codesOf.get(text);
  if (!set) {
    if (codesOf.size >= 4096) codesOf.clear();
    set = new Set(
      text
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    );
    codesOf.set(text, set);
  }
  return set;
}

/** Jaccard overlap of the language codes; unknown when either side gave none. */
export function languagesScore(a: string, b: string): number {
  const [x, y] = [codes(a), codes(b)];
  if (x.size === 0 || y.size === 0) return UNKNOWN;
  let shared = 0;
  for (const code of x) if (y.has(code)) shared++;
  return shared / (x.size + y.size - shared);
}

export function campusScore(a: string, b: string): number {
  const [x, y] = [a.trim().toLowerCase(), b.trim().toLowerCase()];
  if (!x || !y) return UNKNOWN;
  return x === y ? 1 : 0;
}

/** A weekly interval: its day (0 = Monday) and minutes of that day. */
interface Span {
  day: number;
  start: number;
  end: number;
}

// A party's merged time is computed once however many parties it is compared with.
const mergedOf = new WeakMap<readonly AvailabilityBlock[], readonly Span[]>();

/** A side's free time: blocks merged per day (overlapping or touching ones become one), sorted mon..sun. */
export function mergeAvailability(blocks: readonly AvailabilityBlock[]): readonly Span[] {
  const known = mergedOf.get(blocks);
  if (known) return known;
  const sorted = blocks
    .map((b) => ({ day: WEEKDAYS.indexOf(b.day), start: minutesOf(b.start), end: minutesOf(b.end) }))
    .filter((s) => s.day >= 0 && s.start < s.end)
    .sort((x, y) => x.day - y.day || x.start - y.start);
  const spans: Span[] = [];
  for (const span of sorted) {
    const last = spans.at(-1);
    if (last && last.day === span.day && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else spans.push(span);
  }
  mergedOf.set(blocks, spans);
  return spans;
}

const minutesIn = (spans: readonly Span[]) => spans.reduce((sum, s) => sum + s.end - s.start, 0);

/** Where two merged, sorted sides are both free: one walk over both, so already sorted. */
function intersect(x: readonly Span[], y: readonly Span[]): Span[] {
  const out: Span[] = [];
  let [i, j] = [0, 0];
  while (i < x.length && j < y.length) {
    const [s, t] = [x[i]!, y[j]!];
    if (s.day === t.day) {
      const start = Math.max(s.start, t.start);
      const end = Math.min(s.end, t.end);
      if (start < end) out.push({ day: s.day, start, end });
    }
    // Step past whichever ends first (by day, then by end).
    if (s.day < t.day || (s.day === t.day && s.end <= t.end)) i++;
    else j++;
  }
  return out;
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const asBlocks = (spans: readonly Span[]): AvailabilityBlock[] =>
  spans.map((w) => ({ day: WEEKDAYS[w.day]!, start: clock(w.start), end: clock(w.end) }));

export interface Overlap {
  windows: AvailabilityBlock[];
  /** Total hours of the windows. */
  hours: number;
  /** Each side's own free hours (merged). */
  hours_a: number;
  hours_b: number;
}

interface SpanOverlap {
  spans: Span[];
  hours: number;
  hours_a: number;
  hours_b: number;
}

function overlapOf(a: readonly AvailabilityBlock[], b: readonly AvailabilityBlock[]): SpanOverlap {
  const [x, y] = [mergeAvailability(a), mergeAvailability(b)];
  const spans = intersect(x, y);
  return { spans, hours: minutesIn(spans) / 60, hours_a: minutesIn(x) / 60, hours_b: minutesIn(y) / 60 };
}

/** The weekly windows both sides are free, sorted mon..sun then by start. */
export function availabilityOverlap(
  a: readonly AvailabilityBlock[],
  b: readonly AvailabilityBlock[],
): Overlap {
  const { spans, ...hours } = overlapOf(a, b);
  return { windows: asBlocks(spans), ...hours };
}

/** Shared hours over the smaller side's hours; unknown when a side gave no time at all. */
export function availabilityScore(overlap: Pick<Overlap, 'hours' | 'hours_a' | 'hours_b'>): number {
  const least = Math.min(overlap.hours_a, overlap.hours_b);
  if (least === 0) return UNKNOWN;
  return Math.min(1, overlap.hours / least);
}

/**
 * How well `other` fills `me`'s open places: 1 when its size is my preferred complement, less
 * the further it is, over the places I have; without a preference any party that fits is fine.
 */
function sizeFitFor(me: ScoredParty, other: ScoredParty): number {
  const room = me.target_size - me.size;
  if (other.size > room) return 0;
  if (me.preferred_complement_size === null) return 1;
  return Math.max(0, 1 - Math.abs(other.size - me.preferred_complement_size) / Math.max(1, room));
}

export const sizeScore = (a: ScoredParty, b: ScoredParty): number =>
  (sizeFitFor(a, b) + sizeFitFor(b, a)) / 2;

const LEVEL_RANK: Partial<Record<StudyLevel, number>> = {
  bachelor_1: 1,
  bachelor_2: 2,
  bachelor_3: 3,
  master: 4,
  phd: 5,
};
const RANK_SPAN = 4;

/**
 * The mean rank (1 = first bachelor year … 5 = PhD) of the members who gave a comparable level,
 * or null ('other' is not compared).
 */
export function meanStudyLevel(levels: ReadonlyArray<StudyLevel | null | undefined>): number | null {
  const ranks = levels
    .map((l) => (l ? LEVEL_RANK[l] : undefined))
    .filter((r): r is number => r !== undefined);
  return ranks.length === 0 ? null : ranks.reduce((sum, r) => sum + r, 0) / ranks.length;
}

/** Closeness of the parties' mean study levels; unknown when a side has none. */
export function studyLevelScore(x: number | null, y: number | null): number {
  if (x === null || y === null) return UNKNOWN;
  return Math.max(0, 1 - Math.abs(x - y) / RANK_SPAN);
}

const isFull = (p: ScoredParty) => p.size >= p.target_size;

/**
 * The hard rules: same topic, both open, two different parties of two different owners, nobody
 * registered in both, neither full, and together no bigger than either one's target size.
 */
export function isCandidatePair(a: ScoredParty, b: ScoredParty): boolean {
  if (a.id === b.id || a.user_id === b.user_id) return false;
  if (a.topic_key !== b.topic_key || a.status !== 'open' || b.status !== 'open') return false;
  if (isFull(a) || isFull(b)) return false;
  const combined = a.size + b.size;
  if (combined > a.target_size || combined > b.target_size) return false;
  const mine = new Set(a.member_ids);
  return !b.member_ids.some((id) => mine.has(id));
}

export interface PartyScore {
  /** 0..1, the weighted mean of the field scores, 4 decimals. */
  score: number;
  pairing_preview_json: PairingPreview;
}

/** The score and field scores of a pair, and where both are free (not yet written out). */
function scorePair(a: ScoredParty, b: ScoredParty) {
  const overlap = overlapOf(a.availability, b.availability);
  const raw: Array<[PartyScoreField, number]> = [
    ['topic', a.topic_key === b.topic_key ? 1 : 0],
    // Hobbies have no modality: the field is not scored at all.
    ...(a.modality !== null && b.modality !== null
      ? [['modality', modalityScore(a.modality, b.modality)] as [PartyScoreField, number]]
      : []),
    ['languages', languagesScore(a.languages, b.languages)],
    ['campus', campusScore(a.campus, b.campus)],
    ['availability', availabilityScore(overlap)],
    ['size', sizeScore(a, b)],
    ['study_level', studyLevelScore(a.study_level, b.study_level)],
  ];
  const field_scores: PartyFieldScores = {};
  let total = 0;
  let weights = 0;
  for (const [field, value] of raw) {
    field_scores[field] = round(value);
    total += value * PARTY_WEIGHTS[field];
    weights += PARTY_WEIGHTS[field];
  }
  return { score: round(total / weights), field_scores, overlap, combined_size: a.size + b.size };
}

const withPreview = ({
  score,
  field_scores,
  overlap,
  combined_size,
}: ReturnType<typeof scorePair>): PartyScore => ({
  score,
  pairing_preview_json: {
    field_scores,
    overlap_windows: asBlocks(overlap.spans),
    overlap_hours: round(overlap.hours),
    combined_size,
  },
});

/** Scores two parties (the hard rules are the caller's: see isCandidatePair). */
export const scoreParties = (a: ScoredParty, b: ScoredParty): PartyScore => withPreview(scorePair(a, b));

export interface RankedCandidate<P extends ScoredParty> extends PartyScore {
  party: P;
  accepted_by_other: boolean;
}

/**
 * The subject's candidates among `others`: hard rules applied, scored, the parties that already
 * accepted the subject first, then best score, then lowest id; at most `limit`. Only those are
 * given their written-out preview.
 */
export function rankCandidates<P extends ScoredParty>(
  subject: ScoredParty,
  others: readonly P[],
  acceptedByOther: ReadonlySet<number>,
  limit: number,
): Array<RankedCandidate<P>> {
  return others
    .filter((other) => isCandidatePair(subject, other))
    .map((party) => ({
      party,
      accepted_by_other: acceptedByOther.has(party.id),
      scored: scorePair(subject, party),
    }))
    .sort(
      (x, y) =>
        Number(y.accepted_by_other) - Number(x.accepted_by_other) ||
        y.scored.score - x.scored.score ||
        x.party.id - y.party.id,
    )
    .slice(0, limit)
    .map(({ party, accepted_by_other, scored }) => ({ party, accepted_by_other, ...withPreview(scored) }));
}
