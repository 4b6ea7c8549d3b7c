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
// "14/3", "3.4."; not a range ("ch 1-6"), a decimal ("0.1 M", "9.81") nor a room ("2.14").
const ORDINAL_DATE =
  /\b(?:the )?\d{1,2}(?:st|nd|rd|th)\b|(?<![\d.])\b(?:[1-9]|[12]\d|3[01])[./](?:0?[1-9]|1[0-2])(?:[./]\d{2,4})?\b(?![.,]\d)/;
const PLACE =
  /\b(?:room|library|building|hall|cafe|cafeteria|canteen|lab|lounge|office|campus|zoom|discord|teams|meet|online|call|auditorium|classroom|dorm|floor|place|at mine|repo|drive|folder|moodle|github|gradescope|turnitin|website)\b|\b[a-z]\d{2,3}\b|\b\d\.\d{2}\b/;
const QUANTITY =
  /\b\d+(?:[.,]\d+)?\s*(?:min|mins|minutes|hours?|h|pages?|words?|slides?|euros?|eur|dollars?|usd|%|percent|people|per team|m|mol)\b|[€$£]\s?\d+|\b(?:max|min|maximum|minimum|at most|at least|up to)\s+\d+/;
const ASSIGNMENT =
  /\b(?:i'?ll|ill|i will|i'?m (?:on|doing|taking)|i do|i take|i got|i'?ve got|i can do|i can take|i handle|i'?m handling|is mine|are mine|i upload|i print|i register|i bring|i write|i read|i make|i send)\b|\b(?:[a-z]+) (?:uploads|prints|registers|brings|writes|does|handles|presents|reads|takes|makes|sends)\b/;
const CONCLUSION =
  /\b(?:it is then|it's then|then it is|decided|we go with|let'?s go with|let'?s do|agreed|final|confirmed|registered|booked|settled|deal)\b|\bthen\s*[.!]?\s*$|✅/;
/** A conclusion in words (not a bare ✅): it states what was chosen, so it is never a mere echo. */
const CONCLUDED =
  /\b(?:it is then|it's then|then it is|decided|we go with|let'?s go with|agreed|settled|registered|confirmed)\b/;
/** A message that starts by taking a task ("I'll send…", "ok I do…"). */
const TASK_FIRST =
  /^(?:(?:ok|okay|yes|sure|and|also)\b[ ,]*)?(?:i'?ll|ill|i will|i can|i do|i take|i'?m doing)\b/;
/** Someone saying they cannot ("thursday i have a quiz so i'd rather not"): no decision. */
const REFUSAL =
  /\b(?:i'?d rather not|can'?t make it|i can'?t|cant do|won'?t work|doesn'?t work for me|not possible for me)\b/;
/**
 * What a time or place can be for besides the group's own meeting: a time or place said with none
 * of these words is the meeting's ("update moved to thurs 7" moves the study session).
 */
const EVENT =
  /\b(?:exam|exams|midterm|final|finals|quiz|test|due|deadline|presentation|present|presents|hackathon|trip|submission|submit|hand in|report|essay|draft|drafts|poster|office hours|signup|closes|opens|starts|ends)\b/;
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

/** What of a plan a later message can replace. */
export type Facet = 'when' | 'where' | 'plan';

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
  // A sentence that starts with a question word asks; after a comma only "what", "how" or an
  // inverted verb does ("…, what name", "…, is it online"): "…, which seems harsh" and "…, Will
  // reads mine" are statements.
  const strip = (part: string) =>
    part.replace(
      /^(?:(?:also|and|so|btw|hey|ok|okay|um+|omg|wait|oh|hm+|lol|guys|sorry|quick q\w*)\b[ ,:]*)+/,
      '',
    );
  return text.split(/(?<=[.!])\s+|\n+/).some((sentence) => {
    const [first, ...rest] = sentence.split(/(?<=,)\s+/);
    return QUESTION_START.test(strip(first!)) || rest.some((part) => INVERTED.test(strip(part)));
  });
}

const INVERTED =
  /^(?:what|how)\b|^(?:is|are|was|were|do|does|did|can|could|should|shall|will|would|has|have) (?:i|we|you|they|it|he|she|there|anyone|someone|everyone)\b/;

interface Candidate {
  message: ReadableMessage;
  kind: 'task' | 'plan';
  index: number;
  score: number;
  scheduling: boolean;
  change: boolean;
  echo: boolean;
  concluded: boolean;
  when: boolean;
  where: boolean;
  subject: Set<string>;
}

/** A reply that picks one of the options a question offered ("R or Python?" → "R, the professor wants…"). */
function choiceAnswered(reply: string, asked: string): boolean {
  if (!/\bor\b/.test(fold(asked))) return false;
  const words = (text: string) =>
    new Set(
      fold(text)
        .split(/[^a-z0-9]+/)
        .filter((w) => w && !STOPWORDS.has(w)),
    );
  const options = words(asked);
  return [...words(reply)].some((w) => options.has(w));
}

/** The question a message replies to: one of the two before it, by someone else ('' if none). */
export function askedBefore(messages: ReadableMessage[], index: number): string {
  const author = messages[index]!.username;
  for (const m of messages.slice(Math.max(0, index - 2), index).reverse())
    if (m.username !== author && isQuestion(m.content)) return m.content;
  return '';
}

/** What a message says of a plan: a date or time, a place, an agreed number, someone taking a part. */
export interface PlanFeatures {
  when: boolean;
  where: boolean;
  quantity: boolean;
  assignment: boolean;
  /** A time (and place) said for no other event than the group's meeting. */
  meeting: boolean;
}

/**
 * `asked`: the question the message replies to, if any: "21st, 9am, big lecture hall A" after
 * "is the midterm on the 21st" is the midterm's time, not a meeting's.
 */
export function planFeatures(content: string, asked = ''): PlanFeatures {
  const text = fold(content.slice(0, 2000)).replace(/[’']/g, "'");
  const context = fold(asked.slice(0, 1000));
  const when = DAY.test(text) || MONTH.test(text) || TIME.test(text) || ORDINAL_DATE.test(text);
  const where = PLACE.test(text);
  return {
    when,
    where,
    quantity: QUANTITY.test(text),
    assignment: ASSIGNMENT.test(text),
    // "I'll send the zoom link on Monday morning": the time of a task, not of a meeting.
    // (A place alone is not a meeting's: "an app that finds study rooms on campus".)
    meeting: when && !EVENT.test(text) && !EVENT.test(context) && !TASK_FIRST.test(text),
  };
}

function subjectOf(text: string, asked: string): Set<string> {
  const out = new Set<string>();
  for (const t of tokenize(text.slice(0, 1000))) {
    if (t.punct || STOPWORDS.has(t.norm) || !/[a-z0-9]/.test(t.norm)) continue;
    // What a plan is about is what it names: "drafts go in the folder" and "the reading room" do
    // not share a subject for sharing "go" or "read".
    if (!/^(?:NOUN|PROPN|NUM|X)$/.test(t.pos) && !SYNONYMS[t.norm]) continue;
    if (/^(?:ok|okay|np|yes|yep|then|same|time|instead|update|change|let|lets)$/.test(t.norm)) continue;
    // A day or an hour names when, not what: two plans for Monday are not one subject.
    if (DAY.test(t.norm) || MONTH.test(t.norm) || TIME.test(t.norm) || /^\d+$/.test(t.norm)) continue;
    out.add(SYNONYMS[t.norm] ?? t.stem);
  }
  if (planFeatures(text, asked).meeting) out.add('meet');
  return out;
}

/** A message's decision features, or null when it decides nothing. */
function candidate(
  messages: ReadableMessage[],
  index: number,
  isRequestToBot: (m: ReadableMessage) => boolean,
  acceptedBy: (index: number) => boolean,
): Candidate | null {
  const message = messages[index]!;
  const raw = message.content.trim();
  if (!raw || isRequestToBot(message)) return null;
  if (isQuestion(raw) && !CHANGE.test(fold(raw))) return null;
  if (REFUSAL.test(fold(raw).replace(/[’']/g, "'")) && !CHANGE.test(fold(raw))) return null;
  const text = fold(raw).replace(/[’']/g, "'");
  const { when, where, quantity, assignment } = planFeatures(raw, askedBefore(messages, index));
  const conclusion = CONCLUSION.test(text);
  const change = CHANGE.test(text);
  const requirement = REQUIREMENT.test(text);
  const agreedPlan = AGREED_PLAN.test(text);
  const accepted = acceptedBy(index);
  const chosen = choiceAnswered(raw, askedBefore(messages, index));
  const score =
    (when ? 2 : 0) +
    (where ? 1.5 : 0) +
    (quantity ? 2 : 0) +
    (assignment ? 2 : 0) +
    (conclusion ? 3 : agreedPlan ? 2 : 0) +
    (requirement ? 2 : 0) +
    (accepted || chosen ? 2 : 0) +
    (change ? 1 : 0);
  if (score < 2) return null;
  const words = text.split(/\s+/).filter(Boolean);
  const concluded = CONCLUDED.test(text) || (agreedPlan && !assignment);
  const echo = !change && !concluded && (words.length <= 3 || (ECHO_START.test(text) && words.length <= 6));
  const kind = assignment && !when && !where && !conclusion && !change ? 'task' : 'plan';
  return {
    message,
    kind,
    index,
    score,
    scheduling: when || where,
    change,
    echo,
    concluded,
    when,
    where,
    subject: subjectOf(raw, askedBefore(messages, index)),
  };
}

const shares = (a: Set<string>, b: Set<string>) => [...a].some((t) => b.has(t));

/** What of `earlier` (same subject) the later candidate `c` replaces, if anything. */
function replacedBy(earlier: Candidate, c: Candidate): Facet[] {
  if (earlier.scheduling && (c.change || c.scheduling)) {
    // A new time replaces the time, a new place the place; a change that names neither
    // ("cancelled", "not anymore") replaces both. A version with a replaced part is no longer the
    // plan as it stands, so the summary drops it; an answer about the part that still holds may
    // quote it.
    const facets: Facet[] = [];
    if (earlier.when && (c.when || !c.where)) facets.push('when');
    if (earlier.where && (c.where || !c.when)) facets.push('where');
    if (facets.length > 0 || !c.change) return facets;
    return ['when', 'where'];
  }
  // "bike sharing dataset is decided" replaces the proposals that led to it.
  if (c.concluded && !earlier.scheduling && !earlier.concluded && earlier.kind === 'plan') return ['plan'];
  return [];
}

/** The decision candidates in their latest versions, and the ids of the versions replaced. */
function resolve(messages: ReadableMessage[], isRequestToBot: (m: ReadableMessage) => boolean) {
  const kept: Candidate[] = [];
  const replaced = new Map<number, Set<Facet>>();
  const replace = (earlier: Candidate, facets: Facet[]) => {
    const set = replaced.get(earlier.message.id) ?? new Set<Facet>();
    for (const f of facets) set.add(f);
    replaced.set(earlier.message.id, set);
  };
  // A proposal someone else answers with an agreement ("love it", "works for me") was accepted.
  // The agreement is short and asks nothing ("ok lets meet tues 7pm?" proposes, it does not
  // agree), and what it agrees to says something ("meee" proposes nothing).
  const acceptedBy = (index: number) =>
    messages[index]!.content.trim().split(/\s+/).length >= 3 &&
    messages.slice(index + 1, index + 3).some((m) => {
      // "love it. stack?" agrees first, then asks about something else.
      const first = fold(m.content.trim())
        .replace(/[’']/g, "'")
        .split(/(?<=[.!?])\s+/)[0]!;
      return (
        m.username !== messages[index]!.username &&
        AGREEMENT.test(first) &&
        !isQuestion(first) &&
        first.split(/\s+/).length <= 6
      );
    });
  // Echoes that confirmed a plan ("ok B12 monday"): replaced with it when a later message changes it.
  const confirmations: Candidate[] = [];
  const confirms = new Map<number, number>();
  messages.forEach((message, index) => {
    const c = candidate(messages, index, isRequestToBot, acceptedBy);
    if (!c) return;
    if (c.echo) {
      // An agreement confirms what it echoes; on its own (nothing to echo) it stands for the plan.
      const confirmed = kept.findLast((k) => shares(k.subject, c.subject));
      if (!confirmed) kept.push(c);
      else {
        confirmations.push(c);
        confirms.set(c.message.id, confirmed.message.id);
      }
      return;
    }
    for (const list of [kept, confirmations]) {
      for (let i = list.length - 1; i >= 0; i--) {
        const earlier = list[i]!;
        if (!shares(earlier.subject, c.subject)) continue;
        const facets = replacedBy(earlier, c);
        if (facets.length === 0) continue;
        replace(earlier, facets);
        list.splice(i, 1);
      }
    }
    kept.push(c);
  });
  return { kept, replaced, confirms };
}

/** What a conversation decided: the decisions in their latest versions, and the ids of the versions replaced. */
export interface Resolution {
  decisions: Decision[];
  /** Replaced versions by id, with what of them was replaced: their time, their place, or the choice. */
  superseded: ReadonlyMap<number, ReadonlySet<Facet>>;
  /** Short agreements that confirm a plan ("wed works", "np, cafe at 5"): their id → the plan's. */
  confirms: ReadonlyMap<number, number>;
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
  const { kept, replaced, confirms } = resolve(messages, isRequestToBot);
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
  return { decisions, superseded: replaced, confirms };
}

/** A reply that settles what was asked: "ok exchange rates it is then", "fine, python backend…". */
export function settlesIt(content: string): boolean {
  const text = fold(content.trim()).replace(/[’']/g, "'");
  return CONCLUSION.test(text) || AGREED_PLAN.test(text);
}
