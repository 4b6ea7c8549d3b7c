import { settlesIt, type Facet, type Resolution } from './decisions';
import { isQuestion } from './plan-words';
import {
  cannot,
  coverage,
  matchAll,
  nameParts,
  quote,
  spellings,
  topicTerms,
  type Analysed,
} from './room-docs';
import { STOPWORDS, fold, tokenize } from './text';
import type { RoomBotReply } from './types';

/**
 * The room bot's answer to a question: extractive. The candidates are the messages that share the
 * question's words and the replies to a message that asked about them; the one that fits what is
 * asked (a time for "when", a place for "where", a person for "who", a number for "how many")
 * and still holds (not replaced by a later plan) is quoted with its author and time.
 * docs/assistants.md ("The room bot").
 */

const QUOTES_MAX = 3;
const CITED_MAX = 4;

type Expected = 'when' | 'where' | 'who' | 'amount' | 'price' | 'duration' | null;

/** What kind of thing the question asks for. */
function expected(request: string): Expected {
  const r = fold(request).replace(/[’']/g, "'");
  if (/\b(?:when|wen|whn|what time|what day|which day|what date|by when|until when|how soon)\b/.test(r))
    return 'when';
  if (/\b(?:where|wher|whr|wheres|which room|what room|what place|which place|location)\b/.test(r))
    return 'where';
  if (/\b(?:who|whom|whose|who's|whos)\b/.test(r)) return 'who';
  if (/\bhow long\b/.test(r)) return 'duration';
  // "how much is the registration", "how much do copies cost": money.
  if (
    /\bhow much (?:is|are|was|were|does|do|did|will|would|for|per|each|money)\b|\b(?:cost|costs|price|prices|fee|fees)\b/.test(
      r,
    )
  )
    return 'price';
  if (/\bhow (?:many|much|big|often)\b|\bwhat size\b/.test(r)) return 'amount';
  return null;
}

/** A length: "90 min", "3 pages", "word limit is 2000". */
const DURATION =
  /\b(?:word|page|time) limit (?:is |of )?(?:\w+ )?\d|\b\d+(?:[.,]\d+)?\s*(?:-\s*\d+\s*)?(?:min|mins|minutes|hours?|hrs?|h|days?|weeks?|pages?|words?|slides?)\b|\b(?:one|two|three|four|five|half an?|an?) (?:hour|minute|day|week|page)s?\b/;

/** A sum of money: "£4", "12 dollars", "5 cents", "40€", "2k each", "a tenner", "free" (not "5 p.m."). */
const MONEY =
  /[€$£¥₦₹]\s?\d|\d\s?[€$£¥₦₹]|\b\d+(?:\.\d)?k\s+(?:each|per|a head|naira|rupees?)\b|\b(?:a|one) (?:tenner|fiver)\b|\b\d+(?:[.,]\d+)?\s*(?:cents?|dollars?|bucks|euros?|eur|usd|gbp|pounds?|quid|p(?!\.?\s?m\b))\b|\bfree\b/;

/** Words that name a person by their role, for "who" questions. */
const ROLES =
  /\b(?:ta|tas|prof|professor|teacher|tutor|lecturer|instructor|supervisor|dr|mr|mrs|ms|miss|sir)\b/;

/** What a question asks, by its form: what is expected, else what/which or yes/no. */
function askKind(text: string): string | null {
  const r = fold(text).replace(/[’']/g, "'");
  return (
    expected(text) ??
    (/\b(?:what|whats|what's|wat|which)\b/.test(r)
      ? 'what'
      : /^(?:is|are|do|does|did|can|should|will|have|has)\b/.test(r.trim())
        ? 'yesno'
        : null)
  );
}

/** Whether a message holds what the question asks for. */
function fits(doc: Analysed, want: Expected, asked: Set<string>, people: Set<string>): boolean {
  if (want === 'when') return doc.plan.when;
  if (want === 'where') return doc.plan.where;
  if (want === 'amount') return doc.plan.quantity || /\d/.test(doc.message.content);
  if (want === 'price') return MONEY.test(fold(doc.message.content));
  // "how long": minutes, hours, days, pages or words, not any number.
  if (want === 'duration')
    return (
      DURATION.test(fold(doc.message.content)) || (doc.plan.quantity && !/[€$£]/.test(doc.message.content))
    );
  if (want === 'who') {
    if (doc.plan.assignment) return true;
    // Someone the question did not name already: a participant, or a role ("hand it to the TA").
    // A participant by name ("tom runs the tests"), not a word that is also a name ("nobody will write").
    const words = fold(doc.message.content)
      .split(/[^a-z]+/)
      .filter(Boolean);
    // A name said last, after what is said, turns to that person ("we have a TELESCOPE pete"): it
    // names who is told, not who takes a part.
    if (words.length > 2 && people.has(words[words.length - 1]!)) words.pop();
    if (words.some((w) => people.has(w) && !STOPWORDS.has(w) && !asked.has(w))) return true;
    if (words.some((w) => ROLES.test(w) && !asked.has(w))) return true;
    // Someone outside the room, by name, who has or brings it ("Ewa from committee has the scarves").
    const named = /\b([A-Z][a-z]+)(?: from (?:the )?[a-z]+)? (?:has|brings|gives|keeps|holds)\b/.exec(
      doc.message.content,
    );
    return named !== null && !STOPWORDS.has(named[1]!.toLowerCase()) && !asked.has(named[1]!.toLowerCase());
  }
  return true;
}

/**
 * How much a replaced plan still answers: its time for "when" and its place for "where" are
 * gone (the latest version answers); a choice a conclusion replaced is usually restated by it
 * ("Stack Overflowers" → "registered as Stack Overflowers"), so it still answers, less.
 */
function staleness(replaced: ReadonlySet<Facet> | undefined, want: Expected): number {
  if (!replaced) return 1;
  // A new time or place leaves a price, a number, a length or who does it as it was said.
  const kept = want === 'price' || want === 'amount' || want === 'duration' || want === 'who';
  const gone =
    want === 'when' || want === 'where'
      ? replaced.has(want)
      : !kept && (replaced.has('when') || replaced.has('where'));
  if (gone) return 0.2;
  return replaced.has('plan') ? 0.5 : 1;
}

/**
 * The numbered things a question names ("assignment 2", "set 4"): a message about another one
 * ("assignment 3") does not answer it.
 */
function numbered(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of fold(text).matchAll(/\b([a-z]{3,})\s+(\d{1,3})\b(?![:.]\d)/g)) out.set(m[1]!, m[2]!);
  return out;
}
const otherNumber = (asked: Map<string, string>, text: string) => {
  const said = numbered(text);
  return [...asked].some(([thing, n]) => said.has(thing) && said.get(thing) !== n);
};

/** A message that says something besides its question ("deadline sun 23:59 utc. we doin it?"). */
function statesToo(content: string): boolean {
  const stated = content
    .split(/(?<=[.!?])\s+|\n+/)
    .filter((part) => !isQuestion(part))
    .join(' ');
  return stated.split(/\s+/).filter(Boolean).length >= 4;
}

/**
 * How far a question's replies are read: the next REPLY_SPAN messages, each lending the question's
 * score less than the one before (REPLY_DECAY), so a late answer still answers, less surely.
 */
const REPLY_SPAN = 8;
const REPLY_DECAY = 0.85;

/** "who is the TA", "who's in the bow seat": who someone is, not who takes a task. */
const WHO_IS = /\bwho(?:'s|s| is| are| was)\s+(?:the|our|your|my|a|an|in|on|at)\b/;

/**
 * A part taken that does not name its thing: it says "them", "theirs", "it" or "one" for it, or is
 * a few words ("9-12 for me"). "I can put the slides together" names its own.
 */
const refersBack = (content: string) =>
  /\b(?:them|theirs|it|those|these|that|one|ones)\b/.test(fold(content)) ||
  content.trim().split(/\s+/).length <= 4;

/** How many messages back a part taken may refer to the thing it takes ("ill bring them"). */
const TAKEN_SPAN = 3;

/** A message that turns to someone by name first ("will - 3000 wörter", "to answer Ines: …", "@mira"). */
function addresses(doc: Analysed, name: string[]): boolean {
  const first = /^\W*(?:to answer\s+)?@?([a-z]+)/.exec(fold(doc.message.content));
  return first !== null && name.includes(first[1]!);
}

/** A reply that only agrees ("haha yes", "ok 👍"): it answers nothing, it confirms the message before it. */
const ONLY_AGREES =
  /^(?:(?:haha|lol|ok|okay)\s+)?(?:yes|yep|yeah|ok|okay|sure|cool|great|perfect|nice|love it|agreed|same|\+1|👍|✅)[\s!.👍✅]*$/u;

/** A request to someone ("Mateo, could you do that?", "rhi can u do the dbs list?"). */
const ASKS_SOMEONE = /\b(?:can|could|would|will)\s+(?:you|u)\b/;

/** A reply that accepts a request ("Yes, no problem.", "yep on it", "sure"), not one that turns it down. */
const ACCEPTS =
  /^\W*(?:yes|yep|yeah|ya|yup|sure|ok|okay|of course|no problem|np|on it|will do|can do|absolutely|deal)\b(?!.*\b(?:but|can'?t|cannot|sorry)\b)/;

/**
 * A question that asks someone by name to do something, and that they accept ("Passage them on
 * the 27th. Mateo, could you do that?" → mateo: "Yes, no problem."): it gives them the task, so
 * it is read as a statement (an answer to who does it), not as a question that ends the replies
 * to the one before it.
 */
function acceptedRequests(docs: Analysed[]): Map<Analysed, Analysed> {
  const out = new Map<Analysed, Analysed>();
  docs.forEach((doc, at) => {
    const text = fold(doc.message.content);
    if (!doc.question || doc.toBot || !ASKS_SOMEONE.test(text)) return;
    const words = new Set(text.split(/[^a-z]+/));
    const asked = docs
      .slice(at + 1, at + 4)
      .find(
        (d) =>
          !d.toBot &&
          d.message.username !== doc.message.username &&
          nameParts(d.message.username).some((p) => words.has(p)),
      );
    if (asked && ACCEPTS.test(fold(asked.message.content))) out.set(doc, asked);
  });
  return out;
}

/**
 * What a "what …" or "which …" question asks for: its first subject word ("what mark did the TA
 * give" → mark), or what a "who is …" asks about ("who is the TA" → ta). A message that never says
 * it (nor the question it answers) does not answer.
 */
interface Focus {
  /** Any one of them must be named. */
  terms: string[];
  /** The rest of the phrase: named instead when nobody in the room said any of `terms`. */
  others: string[];
}

const one = (term: string | undefined): Focus | null =>
  term === undefined ? null : { terms: [term], others: [] };

function focusOf(request: string): Focus | null {
  const tokens = tokenize(request.slice(0, 300)).filter((t) => !t.punct);
  // "who is the TA": the TA must be named, by the message or the question it answers.
  // "who is the fab lab technician": the head of the phrase, its last word, must be named.
  const who = /\bwho(?:'s|s| is| are| was)\s+(?:the|our|your|my)?\s*([a-z0-9' -]+)/.exec(
    fold(request).replace(/[’']/g, "'"),
  );
  if (who) {
    // "who is bringing food": what they do, its verb, or what they do it to ("who's covering
    // thorax" → "I'll take thorax"; "who is doing the lit review" → "I can do the literature review").
    if (/^[a-z]+ing\b/.test(who[1]!)) {
      const [verb, ...rest] = topicTerms(
        tokenize(who[1]!.split(/\s+(?:for|in|on|at|of|to|with|from|this|next|by)\b/)[0]!),
      );
      return verb === undefined ? null : { terms: [verb, ...rest.slice(-1)], others: [] };
    }
    const phrase = who[1]!.split(/\s+(?:for|in|on|at|of|this|next|that|to|with|from|by)\b/)[0]!;
    const terms = topicTerms(tokenize(phrase.split(/\s+/).slice(0, 4).join(' ')));
    // Who has a thing, not who someone is: a head nobody in the room said ("who's got the extension
    // cable" → "extension lead … on me") is named by the rest of its phrase.
    const has = /^(?:got|gotten|has|have)\b/.test(who[1]!);
    return terms.length === 0 ? null : { terms: terms.slice(-1), others: has ? terms.slice(0, -1) : [] };
  }
  // "how many sheets of foam board": the sheets must be said.
  const many = /\bhow (?:many|much)\s+([a-z]+)/.exec(fold(request));
  if (
    many &&
    !/^(?:do|does|did|is|are|was|were|should|shall|will|would|can|could|have|has|had|time|of|money|longer|more|left)$/.test(
      many[1]!,
    )
  )
    return one(topicTerms(tokenize(many[1]!))[0]);
  const at = tokens.findIndex((t) => /^(?:what|which|whats|what's)$/.test(t.norm));
  // "what time", "which day": a when-question, answered by a time, not by the word.
  if (at < 0 || /^(?:time|day|date|hour)$/.test(tokens[at + 1]?.norm ?? '')) return null;
  // "what's the prof's name": the thing owned, not its owner.
  const span = tokens.slice(at + 1, at + 7);
  const owned = span.findIndex((t, i) => i > 0 && /^['’]s$/.test(t.norm));
  // In the phrase asked about, before any verb: "what mark did last year's team get" asks for the mark.
  if (owned > 0 && span.slice(1, owned).every((t) => t.pos !== 'AUX' && t.pos !== 'VERB'))
    return one(topicTerms(span.slice(owned + 1))[0]);
  // "what did we get on the last quiz": past the verb to its object.
  return one(topicTerms(span)[0]);
}

/** "who's sorting/doing/making/handling …": who takes a task, whatever the verb of doing. */
const WHO_DOES =
  /\b(who(?:'s|’s|s| is| are| will| can)?)\s+(?:do|does|doing|make|makes|making|sort|sorts|sorting|handle|handles|handling|organi[sz]e|organi[sz]es|organi[sz]ing|run|runs|running|cover|covers|covering|take care of|taking care of|in charge of)\b/gi;

/** An opening that asks the room to choose ("we need to lock in the film", "pick the piece"). */
const CHOOSING = /\b(?:pick|choose|decide|lock in|vote|settle on|which|shortlist)\b|\bor\b.*\?/;

export function answer(request: string, docs: Analysed[], resolution: Resolution): RoomBotReply {
  // The focus of a "what X" question may be named by a kind of X ("what footwear" → "wellingtons",
  // `word-kinds.ts`); no other word of a request is read for its kinds.
  const focused = focusOf(request);
  const kindsOf = new Set(focused?.terms ?? []);
  // "how long", "how many": the question's form, not its subject (what is asked is a number),
  // unless nothing else is left to look for ("how long is the talk": "talk" names no subject).
  // "what time", "which day": the question's form too.
  const stripped = matchAll(
    request
      .replace(/\bhow (?:long|many|much|often|big)\b/gi, 'how')
      .replace(/\b(what|which)\s+(?:time|day|date)\b/gi, '$1')
      // "how much does printing cost": the cost is what is asked, printing the subject.
      .replace(/\b(?:cost|costs|price|prices)\b/gi, '')
      // "who's sorting the popcorn": a verb of doing anything is the question's form; the thing is
      // what is asked ("I'll do popcorn").
      .replace(WHO_DOES, '$1'),
    docs,
    kindsOf,
  );
  const want = expected(request);
  // "when are we going?", "where r we meeting": nothing named but the group's own plan.
  const bare = stripped.weights.length > 0 ? stripped : matchAll(request, docs, kindsOf);
  const { matches, weights, kinds } =
    bare.weights.length === 0 && (want === 'when' || want === 'where')
      ? matchAll(`${request} meet`, docs, kindsOf)
      : bare;
  if (weights.length === 0) return cannot();
  const spell = spellings(docs, false);
  const said = (terms: string[]) => {
    const all = terms.flatMap(spell);
    return docs.some((d) => !d.toBot && all.some((f) => d.terms.has(f)));
  };
  const focus =
    focused === null
      ? null
      : (focused.others.length > 0 && !said(focused.terms) ? focused.others : focused.terms).flatMap((f) => [
          ...spell(f),
          // What kind of thing it is: "what footwear" is named by the boots.
          ...(kinds.get(f) ?? []),
        ]);
  const numbers = numbered(request);
  const asked = new Set(fold(request).split(/[^a-z]+/));
  const people = new Set(docs.flatMap((d) => nameParts(d.message.username)));
  const names = (d: Analysed | undefined) =>
    focus !== null && d !== undefined && focus.some((f) => d.terms.has(f));
  const decided = new Set(resolution.decisions.map((d) => d.message.id));
  const byDoc = new Map(matches.map((m) => [m.doc, m]));
  // What the conversation is about, said once at its start ("psych midterm … who wants to study"),
  // goes without saying in the messages after it: those words count as covered, never as score.
  const opening = matches[0]?.groups ?? new Set<number>();
  const accepted = acceptedRequests(docs);
  const asks = (d: Analysed) => d.question && !accepted.has(d);
  // … and whoever accepted it is who does it ("yep on it").
  const accepters = new Set(accepted.values());
  const agrees = (d: Analysed) => ONLY_AGREES.test(fold(d.message.content.trim()));
  const confirmed = new Set<Analysed>();
  docs.forEach((d, i) => {
    const before = docs[i - 1];
    if (agrees(d) && before && before.message.username !== d.message.username) confirmed.add(before);
  });
  // "what film did we go with" in a chat that opened on choosing the film: what is asked is the
  // choice, so a message that concludes one ("The Thing it is 🥶") answers though only the opening
  // named the film, and the proposals and other messages answer less. The opening's choice is
  // concluded first: only the first two conclusions are read, the earlier first; later ones settle
  // other things ("ok tech check thurs 4pm then").
  const firstConclusions = new Set(
    docs.filter((d, at) => at > 0 && !d.question && !d.toBot && settlesIt(d.message.content)).slice(0, 2),
  );
  const concludes = (d: Analysed) => firstConclusions.has(d);
  const openingChoice =
    want === null &&
    focus !== null &&
    docs[0] !== undefined &&
    names(docs[0]) &&
    CHOOSING.test(fold(docs[0].message.content)) &&
    weights.length > 0 &&
    coverage(opening, weights) >= 0.5;
  // Each message's best reading: alone, or as the reply to a question that asked about it.
  const best = new Map<Analysed, { score: number; question?: Analysed }>();
  const consider = (doc: Analysed, score: number, groups: Set<number>, question?: Analysed) => {
    if (doc.toBot || agrees(doc) || score <= 0 || coverage(new Set([...groups, ...opening]), weights) < 0.5)
      return;
    if (focus !== null && !names(doc) && !names(question) && !(openingChoice && concludes(doc))) return;
    if (
      otherNumber(numbers, doc.message.content) ||
      (question && otherNumber(numbers, question.message.content))
    )
      return;
    if (score > (best.get(doc)?.score ?? 0)) best.set(doc, { score, question });
  };
  // A question about what the whole conversation is about ("how long is the exam?" in a chat
  // about the exam): its words are said once, at the start; any message with what is asked may
  // answer, the latest first.
  const openingOnly = weights.length > 0 && coverage(opening, weights) >= 0.5;
  if (openingChoice) {
    const base = (0.5 * weights.reduce((a, b) => a + b, 0)) / weights.length;
    docs.forEach((doc, at) => {
      if (at === 0 || !concludes(doc) || byDoc.get(doc)!.score > 0) return;
      consider(doc, base * (1 - at / (10 * docs.length)), new Set(opening));
    });
  }
  if (openingOnly && want !== null && want !== 'who') {
    const base = (0.5 * weights.reduce((a, b) => a + b, 0)) / weights.length;
    docs.forEach((doc, at) => {
      if (doc.question || doc.toBot || at === 0 || byDoc.get(doc)!.score > 0) return;
      if (!fits(doc, want, asked, people)) return;
      consider(doc, base * (1 + at / (10 * docs.length)), new Set(opening));
    });
  }
  docs.forEach((doc, at) => {
    const own = byDoc.get(doc)!;
    if (!asks(doc) || statesToo(doc.message.content)) consider(doc, own.score, own.groups);
    if (!doc.question || doc.toBot || own.groups.size === 0) return;
    // The answer is usually one of the next few messages from someone else, up to the next
    // question; a reply that settles it ("ok exchange rates it is then") weighs more.
    const window = docs.slice(at + 1, at + 1 + REPLY_SPAN);
    const next = window.findIndex((d) => asks(d));
    // Past another question, a message that turns to the asker by name still answers theirs
    // ("will - 3000 wörter", "To answer Ines: the tuition story will lead").
    const asker = nameParts(doc.message.username);
    const until = window.filter(
      (d, i) => next < 0 || i < next || (d.message.username !== doc.message.username && addresses(d, asker)),
    );
    // The asker may answer it themself next ("how much did it cost?" … "£27.60 total"), less surely.
    const own_ =
      until[0] && until[0].message.username === doc.message.username && !until[0].toBot ? until[0] : null;
    // The asker may also settle it after the others answered ("… zinc oxide it is").
    const replies = until.filter(
      (d) =>
        (d.message.username !== doc.message.username || d === own_ || settlesIt(d.message.content)) &&
        !d.toBot,
    );
    replies.forEach((reply, i) => {
      const mine = byDoc.get(reply)!;
      const settles = decided.has(reply.message.id) || settlesIt(reply.message.content) ? 1.15 : 1;
      const self = reply === own_ ? 0.6 : 1;
      // A reply to a question that asked the same ("where we put the code?" for "where is the code?").
      // One that asked something else ("how long is each station?" for "what stations are there") less.
      const kind = askKind(request);
      const theirs = askKind(doc.message.content);
      const same = kind === null || theirs === null ? 1 : kind === theirs ? 1.3 : 0.6;
      const lent = own.score * 0.9 * REPLY_DECAY ** i * settles * self * same + 0.5 * mine.score;
      consider(reply, lent, new Set([...own.groups, ...mine.groups]), doc);
    });
  });
  // A part taken just after someone named the thing ("shifts r 9-12 and 12-3" → "9-12 for me";
  // "who's got the rails" … "drama soc lends theirs, i can grab 2"): it takes that thing, so for
  // who does it, it reads with the words of the few messages before it, as a reply does.
  if (want === 'who' && !WHO_IS.test(fold(request).replace(/[’']/g, "'")))
    docs.forEach((doc, at) => {
      if (doc.toBot || asks(doc) || !doc.plan.assignment || !refersBack(doc.message.content)) return;
      const mine = byDoc.get(doc)!;
      docs
        .slice(Math.max(0, at - TAKEN_SPAN), at)
        .reverse()
        .forEach((before, i) => {
          const theirs = byDoc.get(before)!;
          // The opening message's words go without saying already; a part someone else took ("I can
          // do 23rd and 24th") is theirs, not the thing this one takes.
          if (
            before.toBot ||
            before === docs[0] ||
            before.plan.assignment ||
            before.message.username === doc.message.username ||
            theirs.groups.size === 0
          )
            return;
          const lent = theirs.score * 0.9 * REPLY_DECAY ** i + 0.5 * mine.score;
          consider(doc, lent, new Set([...theirs.groups, ...mine.groups]), before);
        });
    });
  // The latest version of a plan says what it changes, not always what the plan is for ("change
  // of plan: we go thursday 5pm, same place"): it answers with the words of the versions it replaced.
  const inherited = new Map<Analysed, { score: number; groups: Set<number> }>();
  docs.forEach((doc, at) => {
    const by = resolution.replacedBy.get(doc.message.id);
    const mine = byDoc.get(doc)!;
    // A proposal made in reply to a question ("when r we flyering" → "tues at lunch?") is about what
    // the question asked: its later versions answer with the question's words too.
    const asked = docs
      .slice(Math.max(0, at - 3), at)
      .reverse()
      .find((d) => d.question && !d.toBot && d.message.username !== doc.message.username);
    // … and so is a plan made after someone asked when people are free ("bug bash. who's free tmrw").
    const scheduling =
      asked !== undefined &&
      (expected(asked.message.content) === 'when' ||
        /\b(?:free|available|around)\b/.test(fold(asked.message.content)));
    const near = asked !== undefined && docs.indexOf(asked) >= at - 2;
    const own =
      by === undefined || asked === undefined || !((doc.question && near) || scheduling)
        ? mine
        : {
            score: Math.max(mine.score, 0.8 * byDoc.get(asked)!.score),
            groups: new Set([...mine.groups, ...byDoc.get(asked)!.groups]),
          };
    const facets = resolution.superseded.get(doc.message.id);
    if (by === undefined || own.groups.size === 0 || !(facets?.has('when') || facets?.has('where'))) return;
    let later = by;
    for (let hops = 0; hops < 10; hops++) {
      const target = docs.find((d) => d.message.id === later);
      if (!target) break;
      const got = inherited.get(target) ?? { score: 0, groups: new Set<number>() };
      got.score = Math.max(got.score, own.score);
      for (const g of own.groups) got.groups.add(g);
      inherited.set(target, got);
      const next = resolution.replacedBy.get(later);
      if (next === undefined) break;
      later = next;
    }
  });
  for (const [doc, got] of inherited) {
    if (doc.question) continue;
    const mine = byDoc.get(doc)!;
    consider(doc, 0.8 * got.score + mine.score, new Set([...got.groups, ...mine.groups]));
  }
  // A short agreement that confirms a plan ("wed works") answers through the plan it confirms.
  const byId = new Map(docs.map((d) => [d.message.id, d]));
  for (const [doc, b] of [...best]) {
    const plan = byId.get(resolution.confirms.get(doc.message.id) ?? -1);
    if (!plan || plan.toBot) continue;
    best.delete(doc);
    if (b.score > (best.get(plan)?.score ?? 0)) best.set(plan, { score: b.score });
  }
  // A reply in the first person to someone else's "who …?" or "does anyone …?" ("Backend na me",
  // "I get one with 6 sockets", "I have it") names who: its speaker.
  const speaks = (doc: Analysed, question: Analysed | undefined) =>
    want === 'who' &&
    question !== undefined &&
    question.message.username !== doc.message.username &&
    (askKind(question.message.content) === 'who' ||
      // "does anyone have the vocab list from last week" → "I have it."
      /\b(?:any ?one|any ?body|some ?one|some ?body)\b/.test(fold(question.message.content))) &&
    !doc.question &&
    /\b(?:i|me|mine|my|i'm|im|i'll|ill|i've|mera|mere|meri|mujhe|maine)\b/.test(
      fold(doc.message.content)
        .replace(/[’']/g, "'")
        // Not a hedge or a refusal ("there r stands in the room already i think", "not me").
        .replace(
          /\bi (?:think|guess|believe|suppose|mean|don'?t|do not|can'?t|cannot|won'?t)\b|\bnot me\b|\bi'?m not\b/g,
          '',
        ),
    );
  const scored = [...best].map(([doc, b]) => {
    let score = b.score;
    if (openingChoice) score *= concludes(doc) ? 1.3 : 0.3;
    else if (want !== null) {
      if (fits(doc, want, asked, people) || speaks(doc, b.question) || (want === 'who' && accepters.has(doc)))
        score *= 1.3;
      // No person, no price: "how much does a recorder cost?" is declined when nobody said a sum.
      else if (want === 'who' || want === 'price') score = 0;
      // A replaced plan without what is asked ("friday at 11?" for "where"): its later version says it.
      else score *= resolution.superseded.has(doc.message.id) ? 0.3 * 0.2 : 0.3;
    }
    // A plan that was replaced later answers with a fraction of its score; its latest version answers.
    score *= staleness(resolution.superseded.get(doc.message.id), want);
    if (confirmed.has(doc)) score *= 1.15;
    return { doc, question: b.question, score };
  });
  const order = scored.filter((s) => s.score > 0).sort((x, y) => y.score - x.score);
  if (order.length === 0) return cannot();
  const top = order[0]!.score;
  const shown: Analysed[] = [];
  for (const { doc, question, score } of order.slice(0, QUOTES_MAX)) {
    if (score < top * 0.75) break;
    const adds = [question, doc].filter((d): d is Analysed => d !== undefined && !shown.includes(d));
    if (shown.length > 0 && shown.length + adds.length > CITED_MAX) break;
    shown.push(...adds);
  }
  const position = new Map(docs.map((d, i) => [d, i]));
  shown.sort((x, y) => position.get(x)! - position.get(y)!);
  return {
    skill: 'answer',
    text: `From what was said here:\n\n${shown.map((d) => quote(d.message)).join('\n\n')}`,
    cited: shown.map((d) => d.message.id),
  };
}
