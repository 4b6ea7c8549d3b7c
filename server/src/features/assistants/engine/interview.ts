import {
  INTERVIEW_SLOTS,
  WEEKDAY_LABELS,
  languageName,
  topicLabel,
  type InterviewSlot,
} from '@studium/protocol';
import { COURSES } from './courses';
import { parseAnswer } from './parse-answer';
import { emptyProgress } from './progress';
import type { InterviewProgress, InterviewTurn, ParsedAnswer } from './types';

/**
 * The onboarding interview: each answer is read (parse-answer.ts) and merged into the
 * progress; the bot says what it understood and asks about the next slot it still misses, each
 * at most once; when nothing is left to ask, it sums up. docs/assistants.md.
 */

const REQUIRED: readonly InterviewSlot[] = ['role', 'courses', 'languages', 'modality', 'availability'];
const OPTIONAL: readonly InterviewSlot[] = ['hobbies', 'campus'];

const QUESTIONS: Record<InterviewSlot, string> = {
  role: 'Are you looking for help (a tutor), happy to help others (tutoring), or after a study group?',
  courses: 'Which courses is this about? A course code like MATH-110 or its name is fine.',
  languages: 'Which languages can you study in?',
  modality: 'Do you prefer meeting online, in person on campus, or either?',
  availability: 'When are you usually free? For example "Tue and Thu after 6" or "weekend mornings".',
  hobbies: 'Anything you enjoy outside your studies (running, chess, music…)? Say "skip" if you like.',
  campus: 'Which campus are you usually on? Say "skip" if it does not matter.',
};

function union<T>(a: readonly T[], b: readonly T[], key: (x: T) => string = String): T[] {
  const seen = new Set(a.map(key));
  const out = [...a];
  for (const x of b) {
    if (seen.has(key(x))) continue;
    seen.add(key(x));
    out.push(x);
  }
  return out;
}

function merge(into: ParsedAnswer, add: ParsedAnswer): ParsedAnswer {
  return {
    courses: union(into.courses, add.courses),
    languages: union(into.languages, add.languages),
    modality: add.modality ?? into.modality,
    availability: union(into.availability, add.availability, (w) => `${w.day} ${w.start} ${w.end}`),
    role: add.role ?? into.role,
    hobbies: union(into.hobbies, add.hobbies),
    campus: add.campus ?? into.campus,
    studies: add.studies || into.studies,
  };
}

function filled(r: ParsedAnswer, slot: InterviewSlot): boolean {
  switch (slot) {
    case 'courses':
      return r.courses.length > 0 || (r.role === 'group' && r.hobbies.length > 0);
    case 'languages':
      return r.languages.length > 0;
    case 'modality':
      return r.modality !== null;
    case 'availability':
      return r.availability.length > 0;
    case 'role':
      return r.role !== null;
    case 'hobbies':
      return r.hobbies.length > 0;
    case 'campus':
      return r.campus !== null;
  }
}

const COURSE_NAME = new Map<string, string>(
  COURSES.map((c) => [c.code, `${c.code.toUpperCase()} ${c.name}`]),
);
const MODALITY_TEXT = {
  in_person: 'in person',
  online: 'online',
  hybrid: 'a mix of online and in person',
  remote: 'remote',
  either: 'online or in person',
} as const;
const ROLE_TEXT = {
  tutor: 'you would like to tutor',
  tutoree: 'you are looking for help',
  group: 'you want a study group',
} as const;

function availabilityText(r: ParsedAnswer): string {
  const byTime = new Map<string, string[]>();
  for (const w of r.availability) {
    const key = `${w.start}–${w.end}`;
    byTime.set(key, [...(byTime.get(key) ?? []), WEEKDAY_LABELS[w.day]]);
  }
  return [...byTime].map(([time, days]) => `${days.join(', ')} ${time}`).join('; ');
}

/** What a reading says, slot by slot, in short phrases. */
export function describe(r: ParsedAnswer): string[] {
  const parts: string[] = [];
  if (r.studies) parts.push(`you study ${r.studies}`);
  if (r.role) parts.push(ROLE_TEXT[r.role]);
  if (r.courses.length > 0) parts.push(r.courses.map((c) => COURSE_NAME.get(c) ?? c).join(', '));
  if (r.languages.length > 0) parts.push(`in ${r.languages.map((l) => languageName(l) || l).join(', ')}`);
  if (r.modality) parts.push(MODALITY_TEXT[r.modality]);
  if (r.availability.length > 0) parts.push(`free ${availabilityText(r)}`);
  if (r.hobbies.length > 0) parts.push(`you enjoy ${r.hobbies.map(topicLabel).join(', ')}`);
  if (r.campus) parts.push(`on ${r.campus}`);
  return parts;
}

/** The slots the bot will still ask about, in the order it asks. */
function toAsk(progress: InterviewProgress): InterviewSlot[] {
  const r = progress.reading;
  return [...REQUIRED, ...OPTIONAL].filter((s) => !filled(r, s) && !progress.asked.includes(s));
}

const SKIP =
  /^\s*(?:skip|no|nope|none|nothing|n\/a|pass|not really|rather not|no thanks|doesn'?t matter|-)\W*$/i;
const NOT_A_NAME = /\b(?:no|none|any|don'?t|dont|know|not|sure|idea|whatever|online|remote)\b/i;

/**
 * A short answer read for the slot just asked about, when the reading found nothing for it:
 * "Riverside" after the campus question, "both" after the modality one, "tutoring" after the role one.
 */
function readFor(slot: InterviewSlot | null, answer: string, parsed: ParsedAnswer): ParsedAnswer {
  const text = answer.trim();
  if (slot === 'campus' && parsed.campus === null && !SKIP.test(text) && !NOT_A_NAME.test(text)) {
    const words = text
      .replace(/[^\p{L}\p{N}' -]/gu, ' ')
      .split(/\s+/)
      .filter(Boolean);
    if (words.length >= 1 && words.length <= 4) {
      const name = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
      return {
        ...parsed,
        campus: /campus$/i.test(name) ? name.replace(/campus$/i, 'campus') : `${name} campus`,
      };
    }
  }
  if (slot === 'modality' && parsed.modality === null) {
    if (/\bboth\b/i.test(text)) return { ...parsed, modality: 'hybrid' };
    if (/\b(?:any|either|whatever|whichever)\b/i.test(text)) return { ...parsed, modality: 'either' };
  }
  if (slot === 'role' && parsed.role === null) {
    if (/\b(?:tutoring|help(?:ing)? others|the second|second one)\b/i.test(text))
      return { ...parsed, role: 'tutor' };
    if (/\b(?:groups?|the (?:last|third)|last one)\b/i.test(text)) return { ...parsed, role: 'group' };
    if (/\b(?:a tutor|tutor|help|the first|first one)\b/i.test(text)) return { ...parsed, role: 'tutoree' };
  }
  return parsed;
}

export function interviewTurn(progress: InterviewProgress | null, answer: string): InterviewTurn {
  const before = progress ?? emptyProgress();
  const parsed = readFor(before.pending ?? null, answer, parseAnswer(answer));
  const reading = merge(before.reading, parsed);
  const understood = describe(parsed);
  const ack =
    understood.length > 0
      ? `Got it: ${understood.join('; ')}.`
      : SKIP.test(answer)
        ? 'Okay, skipping that.'
        : "I didn't catch anything I can use from that.";
  const next = toAsk({ reading, asked: before.asked });
  if (next.length === 0) {
    const all = describe(reading);
    const gaps = REQUIRED.filter((s) => !filled(reading, s));
    const done: InterviewProgress = { reading, asked: before.asked, pending: null };
    return {
      progress: done,
      reply:
        `${ack}\n\nThat's everything I need. Here is what I have: ${all.length > 0 ? all.join('; ') : 'nothing yet'}.` +
        (gaps.length > 0 ? ` Still open: ${gaps.join(', ')}.` : '') +
        ' The card on the right shows it: edit anything that is wrong, then confirm.',
      missing: [],
      complete: true,
    };
  }
  const slot = next[0]!;
  const asked = [...before.asked, slot].sort(
    (a, b) => INTERVIEW_SLOTS.indexOf(a) - INTERVIEW_SLOTS.indexOf(b),
  );
  return {
    progress: { reading, asked, pending: slot },
    reply: `${ack}\n\n${QUESTIONS[slot]}`,
    missing: next,
    complete: false,
  };
}
