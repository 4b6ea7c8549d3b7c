import type { InterviewReading } from '@studium/protocol';
import discoverySet from './discovery-requests.json';
import interviewSet from './interview-answers.json';

/**
 * The engine's measured quality on the labelled sets of this folder: per-slot accuracy of the
 * interview reading and the top-3 rate of discovery, overall and split into the part tuned on
 * and the held-out part written before any tuning. Both take the engine as a function, so the
 * same sets measure it directly or through the HTTP endpoints. docs/assistants.md.
 */

export const SCORED_SLOTS = ['courses', 'languages', 'modality', 'availability', 'role'] as const;
export type ScoredSlot = (typeof SCORED_SLOTS)[number];

export interface InterviewLabel {
  text: string;
  courses: string[];
  languages: string[];
  modality: InterviewReading['modality'];
  /** The days of the expected availability (times are not scored). */
  days: string[];
  role: InterviewReading['role'];
  heldout: boolean;
}

export interface DiscoveryLabel {
  query: string;
  slugs: string[];
  heldout: boolean;
}

export const INTERVIEW_ANSWERS: readonly InterviewLabel[] = (interviewSet as { answers: InterviewLabel[] })
  .answers;
export const DISCOVERY_REQUESTS: readonly DiscoveryLabel[] = (discoverySet as { requests: DiscoveryLabel[] })
  .requests;

export type Split = 'all' | 'tuned' | 'heldout';

export interface ExtractionFailure {
  text: string;
  slot: ScoredSlot;
  expected: unknown;
  got: unknown;
  heldout: boolean;
}

export interface ExtractionReport {
  /** Accuracy 0..1 per scored slot, per split. */
  accuracy: Record<Split, Record<ScoredSlot, number>>;
  counts: Record<Split, number>;
  failures: ExtractionFailure[];
}

const sameSet = (a: readonly unknown[], b: readonly unknown[]): boolean => {
  const x = new Set(a.map(String));
  const y = new Set(b.map(String));
  return x.size === y.size && [...x].every((v) => y.has(v));
};

function expectedOf(label: InterviewLabel, slot: ScoredSlot): unknown {
  if (slot === 'availability') return [...label.days].sort();
  return label[slot];
}

function gotOf(reading: InterviewReading, slot: ScoredSlot): unknown {
  if (slot === 'availability') return [...new Set(reading.availability.map((w) => w.day))].sort();
  return reading[slot];
}

function correct(expected: unknown, got: unknown): boolean {
  if (Array.isArray(expected)) return Array.isArray(got) && sameSet(expected, got);
  return expected === got;
}

const splitsOf = (heldout: boolean): Split[] => ['all', heldout ? 'heldout' : 'tuned'];

export async function measureExtraction(
  parse: (text: string) => Promise<InterviewReading>,
  answers: readonly InterviewLabel[] = INTERVIEW_ANSWERS,
): Promise<ExtractionReport> {
  const zero = () => Object.fromEntries(SCORED_SLOTS.map((s) => [s, 0])) as Record<ScoredSlot, number>;
  const right: Record<Split, Record<ScoredSlot, number>> = { all: zero(), tuned: zero(), heldout: zero() };
  const counts: Record<Split, number> = { all: 0, tuned: 0, heldout: 0 };
  const failures: ExtractionFailure[] = [];
  for (const label of answers) {
    const reading = await parse(label.text);
    for (const split of splitsOf(label.heldout)) counts[split] += 1;
    for (const slot of SCORED_SLOTS) {
      const expected = expectedOf(label, slot);
      const got = gotOf(reading, slot);
      if (correct(expected, got)) {
        for (const split of splitsOf(label.heldout)) right[split][slot] += 1;
      } else {
        failures.push({ text: label.text, slot, expected, got, heldout: label.heldout });
      }
    }
  }
  const accuracy = { all: zero(), tuned: zero(), heldout: zero() };
  for (const split of ['all', 'tuned', 'heldout'] as const) {
    for (const slot of SCORED_SLOTS)
      accuracy[split][slot] = counts[split] ? right[split][slot] / counts[split] : 0;
  }
  return { accuracy, counts, failures };
}

export interface DiscoveryFailure {
  query: string;
  expected: string[];
  got: string[];
  heldout: boolean;
}

export interface DiscoveryReport {
  /** Share of requests with an expected room among the first three, per split. */
  top3: Record<Split, number>;
  /** Share with an expected room first. */
  top1: Record<Split, number>;
  counts: Record<Split, number>;
  failures: DiscoveryFailure[];
}

export async function measureDiscovery(
  search: (query: string) => Promise<Array<{ slug: string }>>,
  requests: readonly DiscoveryLabel[] = DISCOVERY_REQUESTS,
): Promise<DiscoveryReport> {
  const top3 = { all: 0, tuned: 0, heldout: 0 };
  const top1 = { all: 0, tuned: 0, heldout: 0 };
  const counts = { all: 0, tuned: 0, heldout: 0 };
  const failures: DiscoveryFailure[] = [];
  for (const label of requests) {
    const got = (await search(label.query)).map((r) => r.slug);
    const splits = splitsOf(label.heldout);
    for (const split of splits) counts[split] += 1;
    if (got.slice(0, 3).some((s) => label.slugs.includes(s))) {
      for (const split of splits) top3[split] += 1;
    } else {
      failures.push({
        query: label.query,
        expected: label.slugs,
        got: got.slice(0, 3),
        heldout: label.heldout,
      });
    }
    if (got[0] !== undefined && label.slugs.includes(got[0])) for (const split of splits) top1[split] += 1;
  }
  for (const split of ['all', 'tuned', 'heldout'] as const) {
    top3[split] = counts[split] ? top3[split] / counts[split] : 0;
    top1[split] = counts[split] ? top1[split] / counts[split] : 0;
  }
  return { top3, top1, counts, failures };
}
