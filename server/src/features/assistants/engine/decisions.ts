import { STOPWORDS, fold, tokenize } from './text';
import type { ReadableMessage } from './types';

/**
 * What a planning conversation decided: dates and times, places, numbers that were agreed,
 * who does what, and conclusions ("exchange rates it is then"). A later message on the same
 * subject that changes it ("update: …, instead", or another time or place for the same meeting)
 * replaces the earlier one; a short agreement ("np, cafe at 5", "wed 8 ✅") confirms it and
 * replaces nothing. Questions propose, they decide nothing. docs/assistants.md ("The room bot").
 */

const DAY =
  /\b(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|rsday|urday)?s?\b|\b(?:today|tonight|tomorrow|weekend)\b|\b(?:lunes|martes|miercoles|jueves|viernes|sabado|domingo|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)\b/;
const MONTH =
  /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)(?:uary|ruary|ch|il|e|y|ust|tember|ober|ember)?\b/;
const TIME =
  /\b\d{1,2}(?::\d{2})?\s*(?:am|pm|h)\b|\b\d{1,2}:\d{2}\b|\b(?:noon|midnight|midday)\b|\b\d{1,2}h\d{0,2}\b/;
const ORDINAL_DATE = /\b(?:the )?\d{1,2}(?:st|nd|rd|th)\b|\b\d{1,2}[./-]\d{1,2}(?:[./-]\d{2,4})?\b/;
const PLACE =
  /\b(?:room|library|building|hall|cafe|cafeteria|canteen|lab|lounge|office|campus|zoom|discord|teams|meet|online|call|auditorium|classroom|dorm)\b|\b[a-z]\d{2,3}\b|\b\d\.\d{2}\b/;
const QUANTITY =
  /\b\d+(?:[.,]\d+)?\s*(?:min|mins|minutes|hours?|h|pages?|words?|slides?|euros?|eur|dollars?|usd|%|percent|people|per team|m|mol)\b|[€$£]\s?\d+|\b(?:max|min|maximum|minimum|at most|at least|up to)\s+\d+/;
const ASSIGNMENT =
  /\b(?:i'?ll|i will|i'?m (?:on|doing|taking)|i do|i take|i can do|i handle|i'?m handling|is mine|are mine|i upload|i print|i register|i bring|i write)\b|\b(?:[a-z]+) (?:uploads|prints|registers|brings|writes|does|handles|presents)\b/;
const CONCLUSION =
  /\b(?:it is then|it's then|then it is|decided|we go with|let'?s go with|let'?s do|agreed|final|confirmed|registered|booked|settled|deal)\b|\bthen\s*[.!]?\s*$|✅/;
const REQUIREMENT =
  /\b(?:must|have to|has to|required|mandatory|only|due|deadline|said to|the rubric says|no \w+, just|not allowed)\b/;
/** A reply that starts by agreeing and then says the plan: "fine, python backend then". */
const AGREED_PLAN = /^(?:ok|okay|fine|alright|right|so|then|yes|yep|sure)\b[,!. ]+\S+(?:\s+\S+){3,}/;
const AGREEMENT =
  /^(?:ok|okay|yes|yep|yeah|sure|fine|cool|great|perfect|love it|sounds good|works|deal|agreed|\+1|👍|✅|haha yes|count me in|i'?m in|in\b)/;
const CHANGE =
  /\b(?:update|change|changed|instead|moved|move it|reschedul\w*|not anymore|cancel\w*|new plan|actually)\b/;
const ECHO_START =
  /^(?:ok|okay|k|np|yes|yep|yeah|sure|fine|cool|great|perfect|works|deal|sounds good|count me in|👍|✅)\b/;

const SYNONYMS: Record<string, string> = {
  meeting: 'meet',
  meetup: 'meet',
  session: 'meet',
  sesh: 'meet',
  call: 'meet',
  prep: 'meet',
  gather: 'meet',
};

export interface Decision {
  message: ReadableMessage;
  score: number;
  /** 'task': someone takes a part ("I'll do the data part"), nothing else decided in it. */
  kind: 'task' | 'plan';
}

const QUESTION_START =
  /^(?:what|whats|what's|when|where|who|whom|whose|which|why|how|is|are|was|were|do|does|did|can|could|should|shall|will|would|has|have|any ?one|any ?body|any idea)\b/;

/** A question anywhere in a message: a '?' (mid-message too), a question word first, "does anyone know…". */
export function isQuestion(content: string): boolean {
  const text = fold(content).replace(/[’']/g, "'").trim();
  if (text.includes('?')) return true;
  if (
    /\b(?:does|do) (?:any ?one|any ?body|you|someone|somebody) know\b|\bany idea\b|\bwondering (?:if|whether|when|where)\b/.test(
      text,
    )
  )
    return true;
  return text
    .split(/(?<=[.!,])\s+/)
    .some((part) => QUESTION_START.test(part.replace(/^(?:also|and|so|btw|hey|ok|um+)\b[ ,]*/, '')));
}

interface Candidate {
  message: ReadableMessage;
  kind: 'task' | 'plan';
  index: number;
  score: number;
  scheduling: boolean;
  change: boolean;
  echo: boolean;
  subject: Set<string>;
}

function subjectOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const t of tokenize(text.slice(0, 1000))) {
    if (t.punct || STOPWORDS.has(t.norm) || !/[a-z0-9]/.test(t.norm)) continue;
    if (/^(?:ok|okay|np|yes|yep|then|same|time|instead|update|change|let|lets)$/.test(t.norm)) continue;
    // A day or an hour names when, not what: two plans for Monday are not one subject.
    if (DAY.test(t.norm) || MONTH.test(t.norm) || TIME.test(t.norm) || /^\d+$/.test(t.norm)) continue;
    out.add(SYNONYMS[t.norm] ?? t.stem);
  }
  return out;
}

/** A message's decision features, or null when it decides nothing. */
function candidate(
  message: ReadableMessage,
  index: number,
  isRequestToBot: (m: ReadableMessage) => boolean,
  acceptedBy: (index: number) => boolean,
): Candidate | null {
  const raw = message.content.trim();
  if (!raw || isRequestToBot(message)) return null;
  if (isQuestion(raw) && !CHANGE.test(fold(raw))) return null;
  const text = fold(raw).replace(/[’']/g, "'");
  const when = DAY.test(text) || MONTH.test(text) || TIME.test(text) || ORDINAL_DATE.test(text);
  const where = PLACE.test(text);
  const quantity = QUANTITY.test(text);
  const assignment = ASSIGNMENT.test(text);
  const conclusion = CONCLUSION.test(text);
  const change = CHANGE.test(text);
  const requirement = REQUIREMENT.test(text);
  const agreedPlan = AGREED_PLAN.test(text);
  const accepted = acceptedBy(index);
  const score =
    (when ? 2 : 0) +
    (where ? 1.5 : 0) +
    (quantity ? 1.5 : 0) +
    (assignment ? 2 : 0) +
    (conclusion ? 2 : agreedPlan ? 1 : 0) +
    (requirement ? 2 : 0) +
    (accepted ? 2 : 0) +
    (change ? 1 : 0);
  if (score < 2) return null;
  const words = text.split(/\s+/).filter(Boolean);
  const echo = !change && (words.length <= 3 || (ECHO_START.test(text) && words.length <= 6));
  const kind = assignment && !when && !where && !conclusion && !change ? 'task' : 'plan';
  return { message, kind, index, score, scheduling: when || where, change, echo, subject: subjectOf(raw) };
}

const shares = (a: Set<string>, b: Set<string>) => [...a].some((t) => b.has(t));

/** The decision candidates in their latest versions, and the ids of the versions replaced. */
function resolve(messages: ReadableMessage[], isRequestToBot: (m: ReadableMessage) => boolean) {
  const kept: Candidate[] = [];
  const replaced: number[] = [];
  // A proposal someone else answers with an agreement ("love it", "works for me") was accepted.
  const acceptedBy = (index: number) =>
    messages
      .slice(index + 1, index + 3)
      .some(
        (m) =>
          m.username !== messages[index]!.username &&
          AGREEMENT.test(fold(m.content.trim()).replace(/[’']/g, "'")),
      );
  messages.forEach((message, index) => {
    const c = candidate(message, index, isRequestToBot, acceptedBy);
    if (!c) return;
    if (c.echo) {
      // An agreement confirms what it echoes; on its own (nothing to echo) it stands for the plan.
      if (kept.some((k) => shares(k.subject, c.subject))) return;
      kept.push(c);
      return;
    }
    for (let i = kept.length - 1; i >= 0; i--) {
      const earlier = kept[i]!;
      const sameSubject = shares(earlier.subject, c.subject);
      // What gets replaced is a time or a place: a change ("instead", "update") or a new time or
      // place for the same subject. Who does what and what was chosen stand until said otherwise.
      if (sameSubject && earlier.scheduling && (c.change || c.scheduling)) {
        replaced.push(earlier.message.id);
        kept.splice(i, 1);
      }
    }
    kept.push(c);
  });
  return { kept, replaced };
}

/** What a conversation decided: the decisions in their latest versions, and the ids of the versions replaced. */
export interface Resolution {
  decisions: Decision[];
  superseded: ReadonlySet<number>;
}

/**
 * The decisions of `messages` (oldest first), each in its latest version, in conversation order,
 * at most `max` (the strongest when there are more), with the ids of the versions they replaced:
 * one pass serves both the summary and the answers.
 */
export function resolveDecisions(
  messages: ReadableMessage[],
  max: number,
  isRequestToBot: (m: ReadableMessage) => boolean,
): Resolution {
  const { kept, replaced } = resolve(messages, isRequestToBot);
  // Tasks are listed together on one line, so they never crowd out the plans.
  const plans = kept.filter((c) => c.kind === 'plan');
  const tasks = kept.filter((c) => c.kind === 'task');
  const strongest = [
    ...[...plans].sort((a, b) => b.score - a.score || b.index - a.index).slice(0, max),
    ...tasks.slice(-max),
  ];
  const decisions = strongest
    .sort((a, b) => a.index - b.index)
    .map((c) => ({ message: c.message, score: c.score, kind: c.kind }));
  return { decisions, superseded: new Set(replaced) };
}

/** A reply that settles what was asked: "ok exchange rates it is then", "fine, python backend…". */
export function settlesIt(content: string): boolean {
  const text = fold(content.trim()).replace(/[’']/g, "'");
  return CONCLUSION.test(text) || AGREED_PLAN.test(text);
}
