import type { InterviewReading } from '@studium/protocol';
import corpus from './interview-corpus.json';

/**
 * The engine measured on `interview-corpus.json`, split train / dev / test: per-slot accuracy
 * (availability scored twice: its days, and its exact windows with start and end times), the
 * answers read fully right, and the confident errors — a slot filled with a wrong value, worse
 * than an empty slot the interview asks about. docs/assistants.md, "Measured quality".
 */

export const CORPUS_SLOTS = ['courses', 'languages', 'modality', 'days', 'times', 'role'] as const;
export type CorpusSlot = (typeof CORPUS_SLOTS)[number];
/** The slots of a reading: availability is one slot (its windows), scored as days and as times. */
const READING_SLOTS = ['courses', 'languages', 'modality', 'availability', 'role'] as const;

export type CorpusSplit = 'train' | 'dev' | 'test';

export interface CorpusLabel {
  text: string;
  courses: string[];
  languages: string[];
  modality: InterviewReading['modality'];
  availability: InterviewReading['availability'];
  role: InterviewReading['role'];
  split: CorpusSplit;
}

export const CORPUS: readonly CorpusLabel[] = (corpus as { answers: CorpusLabel[] }).answers;

export interface CorpusFailure {
  text: string;
  slot: CorpusSlot;
  expected: unknown;
  got: unknown;
}

export interface CorpusReport {
  answers: number;
  /** 0..1 per slot. */
  accuracy: Record<CorpusSlot, number>;
  /** Answers with every slot right (times included). */
  fullyRight: number;
  /** Slots the answers state (an expected value that is not empty). */
  statedSlots: number;
  /** Slots filled with a wrong value (whether the answer states them or not). */
  confidentErrors: number;
  failures: CorpusFailure[];
}

const sortedSet = (xs: readonly string[]): string[] => [...new Set(xs)].sort();
const windowKeys = (ws: InterviewReading['availability']): string[] =>
  sortedSet(ws.map((w) => `${w.day} ${w.start}-${w.end}`));

interface Slots {
  courses: readonly string[];
  languages: readonly string[];
  modality: string | null;
  availability: InterviewReading['availability'];
  role: string | null;
}

function valueOf(r: Slots, slot: CorpusSlot): string[] | string | null {
  switch (slot) {
    case 'courses':
    case 'languages':
      return sortedSet(r[slot]);
    case 'days':
      return sortedSet(r.availability.map((w) => w.day));
    case 'times':
      return windowKeys(r.availability);
    default:
      return r[slot];
  }
}

const isEmpty = (v: string[] | string | null): boolean => v === null || (Array.isArray(v) && v.length === 0);
const same = (a: string[] | string | null, b: string[] | string | null): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

export async function measureCorpus(
  parse: (text: string) => Promise<InterviewReading>,
  answers: readonly CorpusLabel[],
): Promise<CorpusReport> {
  const right = Object.fromEntries(CORPUS_SLOTS.map((s) => [s, 0])) as Record<CorpusSlot, number>;
  const report: CorpusReport = {
    answers: answers.length,
    accuracy: { ...right },
    fullyRight: 0,
    statedSlots: 0,
    confidentErrors: 0,
    failures: [],
  };
  for (const label of answers) {
    const reading = await parse(label.text);
    let allRight = true;
    for (const slot of CORPUS_SLOTS) {
      const expected = valueOf(label, slot);
      const got = valueOf(reading, slot);
      if (same(expected, got)) right[slot] += 1;
      else {
        allRight = false;
        report.failures.push({ text: label.text, slot, expected, got });
      }
    }
    if (allRight) report.fullyRight += 1;
    // Confident errors per reading slot: availability counts once, by its exact windows.
    for (const slot of READING_SLOTS) {
      const scored: CorpusSlot = slot === 'availability' ? 'times' : slot;
      const expected = valueOf(label, scored);
      const got = valueOf(reading, scored);
      if (!isEmpty(expected)) report.statedSlots += 1;
      if (!isEmpty(got) && !same(expected, got)) report.confidentErrors += 1;
    }
  }
  for (const slot of CORPUS_SLOTS) report.accuracy[slot] = answers.length ? right[slot] / answers.length : 0;
  return report;
}

export const corpusSplit = (...splits: CorpusSplit[]): CorpusLabel[] =>
  CORPUS.filter((a) => splits.includes(a.split));
