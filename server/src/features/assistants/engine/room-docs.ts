import { ASSISTANT_TEXTS } from '@studium/protocol';
import { DAY, MONTH, TIME, askedBefore, isQuestion, planFeatures, type PlanFeatures } from './plan-words';
import { STOPWORDS, Vocabulary, fold, tokenize, type Token } from './text';
import type { ReadableMessage, RoomBotReply } from './types';
import { kindStep } from './word-kinds';

/**
 * The room bot's reading of a room's messages: each message's subject terms (stems, related
 * words as one), whether it asks, what it says of a plan, and the scoring of a request against
 * them (TF-IDF with typos). docs/assistants.md ("The room bot").
 */

/** Words that shape a request but name no subject. */
const COMMAND_WORDS = new Set(
  (
    'find search look show list message messages post posts chat thread earlier before previous ' +
    'mention mentioned mentioning said say says talk talked talking wrote write written anyone anybody ' +
    'somebody someone everything everyone all room rooms channel channels print dump ignore rule rules ' +
    'instruction instructions previous summary summarise summarize recap question answer bot please ' +
    'tell know explain does did do people here who when where which why how what ask asked about link ' +
    'remind whose'
  ).split(' '),
);

/** Chat shorthand that names nothing ("when r we goin", "u", "ngl"). */
const CHAT_FILLER = new Set(
  (
    'r u ur n w ya yo ye lol lmao lmfao omg pls plz tho bc rn ngl fr tbh idk imo btw smh gonna wanna ' +
    'gotta abt goin doin comin bro guys'
  ).split(' '),
);

/**
 * A common word written without its vowels, as chats write them ("shld", "wld", "abt", "bc"): its
 * consonants, in order, are a stopword's and it has none of its own vowels.
 */
const SKELETONS = new Map<string, string>();
for (const w of STOPWORDS)
  if (/^[a-z]{4,}$/.test(w)) {
    const bones = w.replace(/[aeiouy]/g, '');
    if (bones.length >= 3 && !SKELETONS.has(bones)) SKELETONS.set(bones, w);
  }
const shortFor = (word: string) => /^[b-df-hj-np-tv-xz]{3,}$/.test(word) && SKELETONS.has(word);

/** Request words that say little of what is asked ("which dataset are we using"): a third of a word. */
const LIGHT_WORDS = new Set([
  ...'use using used pick picked choose chose chosen decide decided go going plan planned supposed again exactly now'.split(
    ' ',
  ),
  // The same words as the terms hold them, stemmed.
  ...'choos decid suppos exactli'.split(' '),
  // "when do we meet on saturday": the day narrows the question, the meeting is what is asked.
  ...'monday tuesday wednesday thursday friday saturday sunday'.split(' '),
]);

/** "t-shirts" and "tshirts", "e-mail" and "email", "write-up" and "writeup": one word. */
export const joinLetterHyphens = (text: string) =>
  text
    .replace(/\b([a-z])-(?=[a-z]{2,})/gi, '$1')
    // "write-up", "warm-up", "set up" and "setup", "drop-off": one word, as the noun is written.
    .replace(
      /\b(set|warm|sign|write|drop|check|clean|follow|line|round)(?:-| (?=(?:up|off|in)\b))(up|off|in)\b/gi,
      '$1$2',
    );

/** Words people use for the same thing in a planning chat, read as one. */
const RELATED: Record<string, string> = {
  meeting: 'meet',
  meetup: 'meet',
  session: 'meet',
  sesh: 'meet',
  call: 'meet',
  catchup: 'meet',
  due: 'deadlin',
  deadline: 'deadlin',
  deadlines: 'deadlin',
  submit: 'submit',
  submission: 'submit',
  hand: 'submit',
  // In a study community, "when do we study" asks when the group meets; a band or a team meets to
  // rehearse or practise.
  study: 'meet',
  rehearse: 'meet',
  rehearsal: 'meet',
  rehearsals: 'meet',
  practice: 'meet',
  practise: 'meet',
  // Words as chats shorten them, read as the word (its stem).
  ppl: 'peopl',
  bldg: 'build',
  pic: 'pictur',
  pics: 'pictur',
  photo: 'pictur',
  photos: 'pictur',
  photograph: 'pictur',
  photographs: 'pictur',
  picture: 'pictur',
  pictures: 'pictur',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  hrs: 'hour',
  mins: 'minut',
  // One performance, in any of its names.
  performance: 'concert',
  concert: 'concert',
  recital: 'concert',
  gig: 'concert',
  exam: 'exam',
  exams: 'exam',
  midterm: 'exam',
  midterms: 'exam',
  quiz: 'exam',
};

/**
 * Command words that are also things a group plans ("who prints the poster", "the link", "the
 * rules"): a subject in a message, and in a request unless the request starts with them ("print
 * everything…").
 */
const SUBJECT_COMMANDS = new Set(['print', 'post', 'list', 'link', 'rule', 'rules']);

export function topicTerms(tokens: Token[], keep: ReadonlySet<string> = new Set()): string[] {
  // "hand in" is submitting; "hand out" (flyers, sheets) is not.
  const handsOut = new Set(
    tokens.filter((t, i) => t.lemma === 'hand' && tokens[i + 1]?.norm === 'out').map((t) => t),
  );
  return tokens
    .filter((t) => !handsOut.has(t))
    .filter(
      (t) =>
        !t.punct &&
        !STOPWORDS.has(t.norm) &&
        !CHAT_FILLER.has(t.norm) &&
        !shortFor(t.norm) &&
        ((!COMMAND_WORDS.has(t.norm) && !COMMAND_WORDS.has(t.stem)) || keep.has(t.stem)) &&
        /[a-z0-9]/.test(t.norm),
    )
    .map(
      (t) =>
        RELATED[t.norm] ?? RELATED[t.lemma] ?? DAYS[t.norm] ?? t.stem.replace(/(?<=[a-z])-(?=[a-z])/g, ''),
    );
}

/** Days as people shorten them ("sat", "thurs"), read as the day. */
const DAYS: Record<string, string> = Object.fromEntries([
  ['mon', 'monday'],
  ['tue', 'tuesday'],
  ['tues', 'tuesday'],
  ['wed', 'wednesday'],
  ['weds', 'wednesday'],
  ['thu', 'thursday'],
  ['thur', 'thursday'],
  ['thurs', 'thursday'],
  ['fri', 'friday'],
  ['sat', 'saturday'],
  ['sun', 'sunday'],
  ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].flatMap((d) => [
    [d, d],
    [`${d}s`, d],
  ]),
]);

export interface Analysed {
  message: ReadableMessage;
  terms: Map<string, number>;
  question: boolean;
  /** A request to the bot: never an answer, never a line of a summary. */
  toBot: boolean;
  plan: PlanFeatures;
  /**
   * The two-word names the message says, as terms ("shin pads" → shin, pad): a question's
   * "shin guards" is the room's "shin pads" when nobody said "guards".
   */
  pairs: Array<[string, string]>;
  /** The message's nouns, as [lemma, term] ("lasagne" → lasagn): what kind of thing each is. */
  nouns: Array<[string, string]>;
}

const NOUNISH = new Set(['NOUN', 'PROPN', 'ADJ']);

/** The subject nouns of a text, each as its lemma and its term. */
function nounsOf(tokens: Token[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const t of tokens) {
    // "korean" and "blue" are read as adjectives, "Anki" as a name: each may be a thing too.
    if (!NOUNISH.has(t.pos) || !/^[a-z]{3,}$/.test(t.lemma)) continue;
    const [term] = topicTerms([t], SUBJECT_COMMANDS);
    if (term !== undefined) out.push([t.lemma, term]);
  }
  return out;
}

/** Adjacent subject words, as their terms: the parts of a two-word name ("extension lead"). */
function pairsOf(tokens: Token[], keep: ReadonlySet<string> = new Set()): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const one = (t: Token) =>
    t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'ADJ' ? topicTerms([t], keep)[0] : undefined;
  for (let i = 0; i + 1 < tokens.length; i++) {
    const a = one(tokens[i]!);
    const b = a === undefined ? undefined : one(tokens[i + 1]!);
    if (a !== undefined && b !== undefined && a !== b) out.push([a, b]);
  }
  return out;
}

/** The parts of a username that a message may name its author by ("lucia_m" → lucia). */
export const nameParts = (username: string) =>
  username
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((p) => p.length >= 3);

export function analyse(
  messages: ReadableMessage[],
  isRequestToBot: (m: ReadableMessage) => boolean,
): Analysed[] {
  return messages.map((message, index) => {
    const terms = new Map<string, number>();
    const add = (t: string) => terms.set(t, (terms.get(t) ?? 0) + 1);
    const tokens = tokenize(joinLetterHyphens(message.content.slice(0, 4000)));
    for (const s of topicTerms(tokens, SUBJECT_COMMANDS)) add(s);
    const plan = planFeatures(message.content, askedBefore(messages, index));
    // A time or place said for nothing else is the group's meeting's ("thurs 7 same place").
    if (plan.meeting && !terms.has('meet')) add('meet');
    // "9-12" is the morning, "3pm" the afternoon: a question may name the part of the day.
    for (const part of partsOfDay(fold(message.content.slice(0, 2000)))) if (!terms.has(part)) add(part);
    // "by wed", "by 2 April, 5pm": a deadline, whatever it is for.
    if (BY_DATE.test(fold(message.content)) && !terms.has('deadlin')) add('deadlin');
    // Who said it is part of what it says: "whose drafts does Sunita read" finds Sunita's "I'll read…".
    for (const part of nameParts(message.username)) if (!terms.has(part)) add(part);
    return {
      message,
      terms,
      question: isQuestion(message.content),
      toBot: isRequestToBot(message),
      plan,
      pairs: pairsOf(tokens, SUBJECT_COMMANDS),
      nouns: nounsOf(tokens),
    };
  });
}

const BY_DATE = new RegExp(
  `\\b(?:by|before|no later than)\\s+(?:the\\s+)?(?:${DAY.source}|${MONTH.source}|\\d{1,2}(?:st|nd|rd|th)?\\b|${TIME.source}|(?:end of|next|this)\\b)`,
);

/** The part of the day an hour falls in (hours of a day on campus: 7–11 morning, 12–16 afternoon, 17–22 evening). */
function partOf(hour: number): string | null {
  if (hour >= 7 && hour < 12) return 'morn';
  if (hour >= 12 && hour < 17) return 'afternoon';
  if (hour >= 17 && hour <= 22) return 'even';
  return null;
}

/**
 * The parts of the day a message's times fall in: "10am", "17:30", "9-12" (a range that ends by
 * noon starts in the morning), "12-3" (hours after noon, unmarked, are the afternoon's).
 */
export function partsOfDay(text: string): Set<string> {
  const out = new Set<string>();
  const add = (hour: number) => {
    const part = partOf(hour);
    if (part) out.add(part);
  };
  for (const m of text.matchAll(/\b(\d{1,2})(?::\d{2})?\s*(am|pm)\b/g)) {
    const h = Number(m[1]) % 12;
    add(m[2] === 'pm' ? h + 12 : h);
  }
  for (const m of text.matchAll(/(?<![\d.:])\b(\d{1,2}):(\d{2})\b(?!\s*(?:am|pm))/g)) {
    const h = Number(m[1]);
    if (h >= 13 || h <= 6) add(h <= 6 ? h + 12 : h);
    else if (h >= 7 && h <= 11 && /\b(?:morning|am)\b/.test(text)) add(h);
  }
  for (const m of text.matchAll(
    /(?<![\d.:])\b(\d{1,2})\s*(?:-|–)\s*(\d{1,2})\b(?![.,:]?\d|\s*(?:am|pm|%|min|pages?|people))/g,
  )) {
    const [from, to] = [Number(m[1]), Number(m[2])];
    if (from > 12 || to > 12 || from === to) continue;
    if (from >= 7 && from <= 11 && to <= 12 && to > from) add(from);
    else if (from === 12 || (from >= 1 && from <= 4)) add(from === 12 ? 12 : from + 12);
  }
  return out;
}

export function idfOf(docs: Analysed[]): (term: string) => number {
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.terms.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const n = docs.length;
  return (term) => Math.log(1 + (n + 1) / ((df.get(term) ?? 0) + 0.5));
}

/** "2024-05-02 14:03 UTC" from an ISO time. */
// The quote is plain message text, the same for every reader, and the chat shows each reader
// their local time: so the bot names its time zone rather than pass UTC off as local.
function when(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function excerpt(content: string, max = 220): string {
  const one = content.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

export const quote = (m: ReadableMessage): string =>
  `> **${m.username}** (${when(m.created_at)}): ${excerpt(m.content)}`;

export function cannot(): RoomBotReply {
  return { skill: 'cannot', text: ASSISTANT_TEXTS.cannotAnswer, cited: [] };
}

/**
 * The query's terms, each with its alternatives: a word the messages do not use is also looked
 * for as its close spellings among theirs (a typo), and counts once whichever matches.
 */
function queryTerms(
  request: string,
  docs: Analysed[],
  kindsOf: ReadonlySet<string>,
): { groups: string[][]; kinds: string[][] } {
  const spell = spellings(docs);
  const out = new Map<string, string[]>();
  const tokens = tokenize(joinLetterHyphens(request.slice(0, 2000)));
  // The first word of a request is its command when it is one ("print everything…").
  const first = tokens.find((t) => !t.punct && !/^@/.test(t.norm) && t.norm !== 'studybot');
  const keep = new Set([...SUBJECT_COMMANDS].filter((w) => w !== first?.stem));
  for (const t of topicTerms(tokens, keep)) {
    if (out.has(t)) continue;
    out.set(t, spell(t));
  }
  // A part of a two-word name that nobody said is the room's word beside the same other part
  // ("shin guards" → "shin pads", "extension cable" → "extension lead"): the head of the name.
  const said = (t: string) => docs.some((d) => d.terms.has(t));
  const roomPairs = docs.filter((d) => !d.toBot).flatMap((d) => d.pairs);
  for (const [modifier, head] of pairsOf(tokens, keep)) {
    const group = out.get(head);
    if (!group || group.length > 1 || said(head) || !said(modifier)) continue;
    const found = [
      ...new Set(roomPairs.filter((p) => p[0] === modifier && p[1] !== modifier).map((p) => p[1])),
    ];
    if (found.length > 0 && found.length <= 2) out.set(head, [head, ...found]);
  }
  // Someone in the room asked the same in other words ("where are we staying" / "Where are we
  // sleeping?"): the word that differs, in the same place of the same question, is the room's word.
  const words = (text: string) =>
    fold(text)
      .replace(/[’']/g, "'")
      .match(/[a-z0-9']+/g) ?? [];
  const mine = words(request).filter((w) => w !== 'studybot');
  for (const d of docs) {
    if (!d.question || d.toBot) continue;
    const theirs = words(d.message.content);
    if (theirs.length !== mine.length || theirs[0] !== mine[0] || mine.length < 3) continue;
    const differ = mine.flatMap((w, i) => (w === theirs[i] ? [] : [i]));
    if (differ.length !== 1) continue;
    const [asked] = topicTerms(tokenize(mine[differ[0]!]!));
    const [said] = topicTerms(tokenize(theirs[differ[0]!]!));
    const group = asked === undefined ? undefined : out.get(asked);
    if (
      said !== undefined &&
      group !== undefined &&
      group.length === 1 &&
      !docs.some((x) => x.terms.has(asked!))
    )
      out.set(asked!, [asked!, said]);
  }
  // What kind of thing a request word names (WordNet, `word-kinds.ts`): a noun of the room that is
  // one ("what food" → "lasagne", "which container" → "bin") stands for it, weighing less.
  const roomNouns = new Map<string, string>();
  for (const d of docs) if (!d.toBot) for (const [lemma, term] of d.nouns) roomNouns.set(lemma, term);
  const kinds = new Map<string, string[]>();
  for (const t of tokens) {
    if (t.pos !== 'NOUN') continue;
    const [term] = topicTerms([t], keep);
    const group = term === undefined ? undefined : out.get(term);
    if (term === undefined || !group || kinds.has(term) || !kindsOf.has(term)) continue;
    const found = [...roomNouns]
      .filter(([lemma, w]) => lemma !== t.lemma && !group.includes(w) && kindStep(t.lemma, lemma) !== null)
      .map(([, w]) => w);
    if (found.length > 0) kinds.set(term, [...new Set(found)]);
  }
  return { groups: [...out.values()], kinds: [...out.keys()].map((k) => kinds.get(k) ?? []) };
}

/** What a room word that is a kind of the request's word weighs against the word itself. */
const KIND_WEIGHT = 0.5;

/**
 * The words of the messages a request word may stand for: itself, a close spelling (a typo), or
 * the word clipped as chats clip it ("subs" for submissions, "eng" for engineering, "scope" for
 * telescope).
 */
export function spellings(docs: Analysed[], typos = true): (term: string) => string[] {
  const words = [...new Set(docs.flatMap((d) => [...d.terms.keys()]))];
  const vocab = new Vocabulary(words);
  const bare = (w: string) => w.replace(/e$/, '');
  // A word clipped to its first three or four letters ("sub", "eng", "prof") stands for it even
  // when the word itself is said too.
  const clips = (t: string) =>
    words.filter((w) => /^[a-z]{3,4}$/.test(w) && w !== t && t.startsWith(w) && w.length * 2 >= t.length - 2);
  return (t) => {
    if (!/^[a-z]{5,}$/.test(t)) {
      if (vocab.has(t)) return [t];
      // A short word nobody said may be the start of one they did ("spot" test → "spotter"), more
      // surely than a typo of another ("stop").
      const longer = /^[a-z]{4}$/.test(t)
        ? words.filter((w) => /^[a-z]+$/.test(w) && w.startsWith(t) && w.length <= t.length + 4)
        : [];
      if (longer.length > 0) return [t, ...longer.slice(0, 2)];
      return [t, ...(typos ? vocab.match(t).slice(0, 2) : [])];
    }
    if (vocab.has(t)) return [t, ...clips(t).slice(0, 1)];
    const close = typos ? vocab.match(t).slice(0, 2) : [];
    if (close.length > 0) return [t, ...close];
    const clipped = words.filter(
      (w) =>
        /^[a-z]+$/.test(w) &&
        ((w.length >= 3 && t.startsWith(w) && w.length * 2 >= t.length - 2) ||
          (bare(w).length >= 4 && bare(t).endsWith(bare(w))) ||
          // The request clips it: "intro" for the introduction.
          (w.length > t.length && w.startsWith(t))),
    );
    return [t, ...clipped.slice(0, 2)];
  };
}

export interface Match {
  doc: Analysed;
  /** TF-IDF over the request's terms, long messages diluted. */
  score: number;
  /** Which of the request's terms the message holds (indices into `weights`). */
  groups: Set<number>;
}

/** The request's terms against every message: each message's score and the terms it holds. */
export function matchAll(
  request: string,
  docs: Analysed[],
  kindsOf: ReadonlySet<string> = new Set(),
): { matches: Match[]; weights: number[]; kinds: Map<string, string[]> } {
  const { groups: q, kinds } = queryTerms(request, docs, kindsOf);
  const idf = idfOf(docs);
  // A request word no message uses (nor a close spelling) weighs half in what a message must
  // cover: a question with a word nobody said may still be answered, but not by a message that
  // shares only its common words. A light word ("using") weighs a third.
  const weights = q.map((group, g) => {
    const w = idf(group[0]!) * (LIGHT_WORDS.has(group[0]!) ? 1 / 3 : 1);
    return group.length === 1 && kinds[g]!.length === 0 && !docs.some((d) => d.terms.has(group[0]!))
      ? w * 0.5
      : w;
  });
  const matches = docs.map((doc) => {
    let score = 0;
    const groups = new Set<number>();
    q.forEach((group, g) => {
      let t = group.find((alt) => doc.terms.has(alt));
      let kind = 1;
      if (t === undefined) {
        t = kinds[g]!.find((alt) => doc.terms.has(alt));
        kind = KIND_WEIGHT;
      }
      if (t === undefined) return;
      groups.add(g);
      score += idf(t) * (1 + Math.log(doc.terms.get(t)!)) * (LIGHT_WORDS.has(group[0]!) ? 1 / 3 : 1) * kind;
    });
    score /= Math.sqrt(Math.max(4, doc.terms.size) / 4);
    return { doc, score, groups };
  });
  return { matches, weights, kinds: new Map(q.map((group, g) => [group[0]!, kinds[g]!])) };
}

/** The share of the request's weight that the given terms cover. */
export function coverage(groups: Iterable<number>, weights: number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total === 0) return 0;
  let covered = 0;
  for (const g of groups) covered += weights[g]!;
  return covered / total;
}
