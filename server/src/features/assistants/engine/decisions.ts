import {
  AGREED_PLAN,
  AGREEMENT,
  CHANGE,
  CONCLUDED,
  CONCLUSION,
  DAY,
  ECHO_END,
  ECHO_START,
  MONTH,
  REFUSAL,
  REQUIREMENT,
  AVAILABILITY,
  THING_IS_ON,
  TIME,
  askedBefore,
  isQuestion,
  planFeatures,
  takesTask,
} from './plan-words';
import { STOPWORDS, fold, tokenize } from './text';
import type { ReadableMessage } from './types';

/**
 * What a planning conversation decided: dates and times, places, numbers that were agreed,
 * who does what, and conclusions ("exchange rates it is then"). A later message on the same
 * subject that changes it ("update: …, instead", or another time or place for the same meeting)
 * replaces the earlier one; a short agreement ("np, cafe at 5", "wed 8 ✅") confirms it and
 * replaces nothing. Questions propose, they decide nothing. docs/assistants.md ("The room bot").
 */

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

interface Candidate {
  message: ReadableMessage;
  kind: 'task' | 'plan';
  index: number;
  score: number;
  /** The score without the bonus for answering a question: the summary keeps the strongest. */
  rank: number;
  scheduling: boolean;
  change: boolean;
  echo: boolean;
  concluded: boolean;
  when: boolean;
  /** Its time names a day or a date ("thurs 14th, 11-3"), not only an hour ("10:15"). */
  dated?: boolean;
  where: boolean;
  subject: Set<string>;
  /**
   * A plan offered as a question ("ok then saturday 11am at the media desk?"): it decides nothing,
   * but a later plan replaces it and answers with its words.
   */
  proposal?: boolean;
  /** The answer to "when/where is the X?": a fact about an event, not a plan of the group's. */
  event?: boolean;
}

/** "when is the poster fair?", "where's the exam": a question about an event, not about what we do. */
const ASKS_EVENT = /\b(?:when|where|what time|what day)(?:'s| is| are| was)\s+(?:the|our|this|that)\b/;

/** A question that offers a time or a place ("friday at 11?"): a proposal, or null. */
function proposalOf(
  messages: ReadableMessage[],
  index: number,
  isRequestToBot: (m: ReadableMessage) => boolean,
) {
  const message = messages[index]!;
  const raw = message.content.trim();
  if (!raw || isRequestToBot(message) || !isQuestion(raw)) return null;
  const asked = askedBefore(messages, index);
  const { when, where } = planFeatures(raw, asked);
  if (!when && !where) return null;
  const c: Candidate = {
    message,
    kind: 'plan',
    index,
    score: 0,
    rank: 0,
    scheduling: true,
    change: false,
    echo: false,
    concluded: false,
    when,
    dated: datedIn(raw),
    where,
    subject: subjectOf(raw, asked),
    proposal: true,
  };
  return c;
}

const OBJECTION =
  /\b(?:closes|closed|is booked|are booked|is taken|are taken|not open|isn't open|tho|though)\b/;

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

function subjectOf(text: string, asked: string): Set<string> {
  const out = new Set<string>();
  for (const t of tokenize(text.slice(0, 1000))) {
    if (t.punct || STOPWORDS.has(t.norm) || !/[a-z0-9]/.test(t.norm)) continue;
    // What a plan is about is what it names: "drafts go in the folder" and "the reading room" do
    // not share a subject for sharing "go" or "read".
    if (!/^(?:NOUN|PROPN|NUM|X)$/.test(t.pos) && !SYNONYMS[t.norm]) continue;
    if (
      /^(?:ok|okay|np|yes|yep|then|same|time|instead|update|change|let|lets|u|ur|r|ya|pls|lol|haha|yo|ill)$/.test(
        t.norm,
      )
    )
      continue;
    // A room, a floor, a table: where, not what ("the moot court room" and "group room 5" are two plans).
    if (/^(?:room|rooms|floor|building|hall|table|place|spot)$/.test(t.norm)) continue;
    // A day or an hour names when, not what: two plans for Monday are not one subject.
    if (DAY.test(t.norm) || MONTH.test(t.norm) || TIME.test(t.norm) || /^[\d:.\-–/]+$/.test(t.norm)) continue;
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
  // A question decides nothing, but a message may state the plan and then ask ("deadline sun
  // 23:59. we doin it?"): its statements are read.
  // "ill take notes, abdi takes pics?": a part taken first, then a question; it takes the part.
  if (isQuestion(raw) && !CHANGE.test(fold(raw)) && !takesTask(fold(raw).replace(/[’']/g, "'"))) {
    const stated = raw
      .split(/(?<=[.!?])\s+/)
      .filter((part) => !isQuestion(part))
      .join(' ');
    // "delta it is! ok next thing, software. QGIS or ArcGIS?": a conclusion, then a new question.
    if (stated.split(/\s+/).length < 4 || !(planFeatures(stated).when || CONCLUDED.test(fold(stated))))
      return null;
  }
  if (REFUSAL.test(fold(raw).replace(/[’']/g, "'")) && !CHANGE.test(fold(raw))) return null;
  const text = fold(raw).replace(/[’']/g, "'");
  const { when, where, quantity, assignment } = planFeatures(raw, askedBefore(messages, index));
  const conclusion = CONCLUSION.test(text);
  const change = CHANGE.test(text);
  const requirement = REQUIREMENT.test(text);
  const agreedPlan = AGREED_PLAN.test(text);
  const accepted = acceptedBy(index);
  const chosen = choiceAnswered(raw, askedBefore(messages, index));
  // An objection ("workshop closes at 6 on tuesdays tho") says why a plan will not do; it is no plan.
  if (
    OBJECTION.test(text) &&
    !change &&
    !/\b(?:let'?s|we go|moving|move|then|how about|what about)\b/.test(text)
  )
    return null;
  // Someone's own availability decides nothing; an answer to someone else's question says what holds.
  if (AVAILABILITY.test(text) && !assignment && !conclusion && !change) return null;
  const asked = fold(askedBefore(messages, index));
  const answers = asked !== '' && !AGREEMENT.test(text);
  // What or which it is, how many: the reply is the fact.
  const factual =
    answers &&
    /(?:^|[.!?]\s+)(?:wait |so |and |also |btw )?(?:what|whats|what's|wat|which|how many|how much|how long|is|are|can|do|does)\b/.test(
      asked,
    );
  const score =
    (when ? 2 : 0) +
    (where ? 1.5 : 0) +
    (quantity ? 2 : 0) +
    (assignment ? 2 : 0) +
    (conclusion ? 3 : agreedPlan ? 2 : 0) +
    (requirement ? 2 : 0) +
    (accepted || chosen ? 2 : 0) +
    (change ? 1 : 0) +
    (factual ? 1.5 : answers ? 1 : 0);
  // Answering a question makes a reply a decision; what it states ranks it.
  const rank = score - (factual ? 1.5 : answers ? 1 : 0);
  if (score < 2) return null;
  const words = text.split(/\s+/).filter(Boolean);
  // "ok thursday but I leave at 7:30": it agrees, and says what holds for the one who says it.
  const caveat = /^[^.!?]{0,30}\bbut (?:i|i'm|i'll|im|ill)\b/.test(text);
  const concluded = CONCLUDED.test(text) || (agreedPlan && !assignment && !caveat);
  const echo =
    !change &&
    !concluded &&
    (words.length <= 3 ||
      (ECHO_START.test(text) && (words.length <= 6 || caveat)) ||
      (ECHO_END.test(text) && words.length <= 7 && !assignment));
  const kind =
    assignment && ((!when && !where) || takesTask(text)) && !conclusion && !change ? 'task' : 'plan';
  return {
    // "when is the poster fair?" → "thursday 2-4pm"; "the OSCE for NURS-210 is on 3 March".
    event: (ASKS_EVENT.test(asked) && !/\b(?:we|us)\b/.test(asked)) || THING_IS_ON.test(text),
    message,
    kind,
    index,
    score,
    rank,
    scheduling: when || where,
    change,
    echo,
    concluded,
    when,
    dated: datedIn(raw),
    where,
    subject: subjectOf(raw, askedBefore(messages, index)),
  };
}

/** A day or a date said ("thurs", "the 14th", "3 March"), not only an hour. */
const datedIn = (text: string) => {
  const t = fold(text);
  return DAY.test(t) || MONTH.test(t) || /\b\d{1,2}(?:st|nd|rd|th)\b/.test(t);
};

const shares = (a: Set<string>, b: Set<string>) => [...a].some((t) => b.has(t));

/** What of `earlier` (same subject) the later candidate `c` replaces, if anything. */
function replacedBy(earlier: Candidate, c: Candidate): Facet[] {
  // Taking a part at a time ("ill do 9-12 as well") changes no plan.
  if (c.kind === 'task' && earlier.kind === 'plan') return [];
  if (earlier.scheduling && (c.change || c.scheduling)) {
    // A new time replaces the time, a new place the place; a change that names neither
    // ("cancelled", "not anymore") replaces both. A version with a replaced part is no longer the
    // plan as it stands, so the summary drops it; an answer about the part that still holds may
    // quote it.
    const facets: Facet[] = [];
    // An hour alone after a day and its hours, changing nothing ("thurs 14th, 11-3" → "10:15 at the
    // foyer for setup"), is another moment of that day, not a new time for the plan.
    const anotherMoment = c.when && !c.change && earlier.dated === true && c.dated !== true;
    if (earlier.when && (c.when || !c.where) && !anotherMoment) facets.push('when');
    if (earlier.where && (c.where || !c.when)) facets.push('where');
    if (facets.length > 0 || !c.change) return facets;
    return ['when', 'where'];
  }
  // "bike sharing dataset is decided" replaces the proposals that led to it.
  // A change of time or place ("ok change, … sat 1pm instead") concludes nothing about what was chosen.
  if (
    c.concluded &&
    !(c.change && c.scheduling) &&
    !earlier.scheduling &&
    !earlier.concluded &&
    earlier.kind === 'plan'
  )
    return ['plan'];
  return [];
}

/** The decision candidates in their latest versions, and the ids of the versions replaced. */
function resolve(messages: ReadableMessage[], isRequestToBot: (m: ReadableMessage) => boolean) {
  const kept: Candidate[] = [];
  const replaced = new Map<number, Set<Facet>>();
  const replacer = new Map<number, number>();
  const replace = (earlier: Candidate, facets: Facet[], by: Candidate) => {
    replacer.set(earlier.message.id, by.message.id);
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
        (AGREEMENT.test(first) || (ECHO_END.test(first) && first.split(/\s+/).length <= 3)) &&
        !isQuestion(first) &&
        first.split(/\s+/).length <= 6
      );
    });
  // Echoes that confirmed a plan ("ok B12 monday"): replaced with it when a later message changes it.
  const confirmations: Candidate[] = [];
  const confirms = new Map<number, number>();
  messages.forEach((message, index) => {
    const c =
      candidate(messages, index, isRequestToBot, acceptedBy) ?? proposalOf(messages, index, isRequestToBot);
    if (!c) return;
    if (c.echo) {
      // An agreement confirms what it echoes; on its own (nothing to echo) it stands for the plan.
      const confirmed = kept.findLast((k) => !k.proposal && shares(k.subject, c.subject));
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
        // A question replaces only what was offered as a question before it, never a plan; unless
        // it says it changes something, the group's meeting does not replace the time of an event
        // someone asked about ("when is the poster fair?" → "thursday 2-4pm"), a choice made
        // ("QGIS it is, … in the lab") or a part someone took, for naming the same place.
        if (
          !shares(earlier.subject, c.subject) ||
          (c.proposal && !earlier.proposal) ||
          ((earlier.event || earlier.concluded || earlier.kind === 'task') &&
            !earlier.subject.has('meet') &&
            !c.change &&
            c.subject.has('meet'))
        )
          continue;
        const facets = replacedBy(earlier, c);
        if (facets.length === 0) continue;
        replace(earlier, facets, c);
        list.splice(i, 1);
      }
    }
    kept.push(c);
  });
  return { kept, replaced, replacer, confirms };
}

/** What a conversation decided: the decisions in their latest versions, and the ids of the versions replaced. */
export interface Resolution {
  decisions: Decision[];
  /** Replaced versions by id, with what of them was replaced: their time, their place, or the choice. */
  superseded: ReadonlyMap<number, ReadonlySet<Facet>>;
  /** Replaced versions by id → the id of the version that replaced them. */
  replacedBy: ReadonlyMap<number, number>;
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
  const { kept, replaced, replacer, confirms } = resolve(messages, isRequestToBot);
  // Tasks are listed together on one line, so they never crowd out the plans.
  const plans = kept.filter((c) => c.kind === 'plan' && !c.proposal);
  const tasks = kept.filter((c) => c.kind === 'task');
  const strongest = [
    ...[...plans].sort((a, b) => b.rank - a.rank || b.score - a.score || b.index - a.index).slice(0, max),
    ...tasks.slice(-max),
  ];
  const decisions = strongest
    .sort((a, b) => a.index - b.index)
    .map((c) => ({ message: c.message, score: c.score, kind: c.kind }));
  return { decisions, superseded: replaced, replacedBy: replacer, confirms };
}

/** A reply that settles what was asked: "ok exchange rates it is then", "fine, python backend…". */
export function settlesIt(content: string): boolean {
  const text = fold(content.trim()).replace(/[’']/g, "'");
  return CONCLUSION.test(text) || AGREED_PLAN.test(text);
}
