import { ASSISTANT_TEXTS } from '@studium/protocol';
import { isQuestion, resolveDecisions, settlesIt, type Resolution } from './decisions';
import { STOPWORDS, Vocabulary, fold, sentences, tokenize, type Token } from './text';
import type { ReadableMessage, RoomBotReply, RoomBotSkill } from './types';

/**
 * The room bot: reads only the messages it is given (what the asker may read, minus authors who
 * opted out) and answers from them alone: an extractive summary, the messages that answer a
 * question, the messages on a subject, or "I can't answer that from what I can read here."
 * docs/assistants.md.
 */

const SUMMARY_WINDOW = 60;
const QUOTES_MAX = 3;
const SEARCH_MAX = 5;
const DECISIONS_MAX = 7;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const SUMMARY_RE =
  /\b(?:summar(?:y|ise|ize|ising|izing)|sum (?:it |this |things )?up|tl;?dr|recap|catch me up|fill me in|what did i miss|what have i missed|what(?:'s| is| has| have)? (?:been )?(?:happen\w*|discussed|going on|talked about)|what (?:are|were) (?:they|people|you all|we) (?:talking|discussing)|overview|gist|digest|bring me up to speed)\b/;
const SEARCH_RE =
  /\b(?:find|search|look(?:ing)? (?:up|for)|show me|list|where did|when did|who (?:said|mentioned|talked|asked|posted|wrote)|messages? (?:about|on|mentioning|from|with|that)|posts? (?:about|on)|(?:any ?one|any ?body|someone|somebody) (?:mention|talk|say|post|wr[io]te)\w*|earlier (?:messages?|posts?)|mentioned|link to|print|dump)\b/;
const HELP_RE =
  /^(?:help|\?+|what can you do\??|commands|how do(?:es)? (?:you|this|it) work\??|who are you\??|hi|hello|hey)[.!?]*$/;

/** Words that shape a request but name no subject. */
const COMMAND_WORDS = new Set(
  (
    'find search look show list message messages post posts chat thread earlier before previous ' +
    'mention mentioned mentioning said say says talk talked talking wrote write written anyone anybody ' +
    'somebody someone everything everyone all room rooms channel channels print dump ignore rule rules ' +
    'instruction instructions previous summary summarise summarize recap question answer bot please ' +
    'tell know explain does did do people here who when where which why how what ask asked about link'
  ).split(' '),
);

function classify(request: string): RoomBotSkill {
  const r = fold(request).replace(/[’']/g, "'").trim();
  if (r === '' || HELP_RE.test(r)) return 'help';
  if (SUMMARY_RE.test(r)) return 'summary';
  if (SEARCH_RE.test(r)) return 'search';
  return 'answer';
}

interface Analysed {
  message: ReadableMessage;
  terms: Map<string, number>;
  question: boolean;
}

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
};

function topicTerms(tokens: Token[]): string[] {
  return tokens
    .filter(
      (t) =>
        !t.punct &&
        !STOPWORDS.has(t.norm) &&
        !COMMAND_WORDS.has(t.norm) &&
        !COMMAND_WORDS.has(t.stem) &&
        /[a-z0-9]/.test(t.norm),
    )
    .map((t) => RELATED[t.norm] ?? t.stem);
}

function analyse(messages: ReadableMessage[]): Analysed[] {
  return messages.map((message) => {
    const terms = new Map<string, number>();
    for (const s of topicTerms(tokenize(message.content.slice(0, 4000))))
      terms.set(s, (terms.get(s) ?? 0) + 1);
    return { message, terms, question: isQuestion(message.content) };
  });
}

function idfOf(docs: Analysed[]): (term: string) => number {
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.terms.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const n = docs.length;
  return (term) => Math.log(1 + (n + 1) / ((df.get(term) ?? 0) + 0.5));
}

/** "2024-05-02 14:03" (UTC) from an ISO time. */
// The quote is plain message text, the same for every reader, and the chat shows each reader
// their local time: so the bot names its time zone rather than pass UTC off as local.
function when(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function excerpt(content: string, max = 220): string {
  const one = content.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

const quote = (m: ReadableMessage): string =>
  `> **${m.username}** (${when(m.created_at)}): ${excerpt(m.content)}`;

function cannot(): RoomBotReply {
  return { skill: 'cannot', text: ASSISTANT_TEXTS.cannotAnswer, cited: [] };
}

/**
 * The query's terms, each with its alternatives: a word the messages do not use is also looked
 * for as its close spellings among theirs (a typo), and counts once whichever matches.
 */
function queryTerms(request: string, docs: Analysed[]): string[][] {
  const vocab = new Vocabulary(docs.flatMap((d) => [...d.terms.keys()]));
  const out = new Map<string, string[]>();
  for (const t of topicTerms(tokenize(request.slice(0, 2000)))) {
    if (out.has(t)) continue;
    out.set(t, vocab.has(t) ? [t] : [t, ...vocab.match(t).slice(0, 2)]);
  }
  return [...out.values()];
}

function scoreAll(
  request: string,
  docs: Analysed[],
  skill: 'answer' | 'search',
): Array<{ doc: Analysed; score: number; base: number; covered: number }> {
  const q = queryTerms(request, docs);
  if (q.length === 0) return [];
  const idf = idfOf(docs);
  // A request word no message uses (nor a close spelling) weighs half in what a message must
  // cover: a question with a word nobody said may still be answered, but not by a message that
  // shares only its common words.
  const weightOf = (group: string[]) =>
    group.length === 1 && !docs.some((d) => d.terms.has(group[0]!)) ? idf(group[0]!) * 0.5 : idf(group[0]!);
  const weightTotal = q.reduce((sum, group) => sum + weightOf(group), 0);
  const scored = docs.map((doc) => {
    let score = 0;
    let coveredWeight = 0;
    let covered = 0;
    for (const group of q) {
      const t = group.find((alt) => doc.terms.has(alt));
      if (t === undefined) continue;
      const tf = doc.terms.get(t)!;
      covered += 1;
      coveredWeight += weightOf(group);
      score += idf(t) * (1 + Math.log(tf));
    }
    // A long message is diluted; an answer is rarely a question.
    score /= Math.sqrt(Math.max(4, doc.terms.size) / 4);
    const base = score;
    if (skill === 'answer' && doc.question) score *= 0.5;
    return { doc, score, base, covered: weightTotal > 0 ? coveredWeight / weightTotal : 0, hits: covered };
  });
  return scored.filter((s) => s.hits > 0).sort((a, b) => b.score - a.score);
}

/** The decisions of `docs` (resolved once), each in its latest version, and the versions replaced. */
function decisionsOf(docs: Analysed[], botName: string, max: number): Resolution {
  const mention = new RegExp(`@${escapeRegExp(botName)}\\b`, 'i');
  return resolveDecisions(
    docs.map((d) => d.message),
    max,
    (m) => mention.test(m.content),
  );
}

/** A summary's lines: the decisions, each in its latest version, else the recurring subjects. */
function summary(docs: Analysed[], botName: string): RoomBotReply {
  const recent = docs.slice(-SUMMARY_WINDOW);
  if (recent.length === 0) return cannot();
  const { decisions } = decisionsOf(recent, botName, DECISIONS_MAX);
  if (decisions.length >= 2) {
    const people = [...new Set(recent.map((d) => d.message.username))];
    const plans = decisions.filter((d) => d.kind === 'plan');
    const tasks = decisions.filter((d) => d.kind === 'task');
    const lines = plans.map((d) => `- **${d.message.username}**: ${excerpt(d.message.content, 200)}`);
    if (tasks.length > 0)
      lines.push(
        `- **Who does what**: ${tasks.map((d) => `${d.message.username}: ${excerpt(d.message.content, 90)}`).join('; ')}`,
      );
    return {
      skill: 'summary',
      text: `What was decided and planned in the last ${recent.length} messages, from ${people.slice(0, 5).join(', ')}${people.length > 5 ? ' and others' : ''}:\n\n${lines.join('\n')}`,
      cited: [...plans, ...tasks].map((d) => d.message.id),
    };
  }
  // Term weights over the window: what the conversation keeps coming back to.
  const weight = new Map<string, number>();
  for (const d of recent) for (const [t, n] of d.terms) weight.set(t, (weight.get(t) ?? 0) + Math.min(n, 2));
  const candidates: Array<{ doc: Analysed; sentence: string; score: number; index: number }> = [];
  recent.forEach((doc, index) => {
    for (const sentence of sentences(doc.message.content.slice(0, 2000))) {
      const terms = topicTerms(tokenize(sentence));
      if (terms.length < 2) continue;
      const unique = [...new Set(terms)];
      const score = unique.reduce((s, t) => s + (weight.get(t) ?? 0), 0) / Math.sqrt(unique.length + 2);
      candidates.push({ doc, sentence: sentence.trim(), score, index });
    }
  });
  const keep = Math.min(5, Math.max(2, Math.ceil(recent.length / 6)));
  const chosen: typeof candidates = [];
  for (const c of candidates.sort((a, b) => b.score - a.score)) {
    if (chosen.length >= keep) break;
    if (chosen.some((k) => k.doc === c.doc)) continue;
    chosen.push(c);
  }
  if (chosen.length === 0) {
    // Short chatter only: the last messages as they are.
    chosen.push(
      ...recent.slice(-3).map((doc, i) => ({ doc, sentence: doc.message.content, score: 0, index: i })),
    );
  }
  chosen.sort((a, b) => a.index - b.index);
  const people = [...new Set(recent.map((d) => d.message.username))];
  const lines = chosen.map((c) => `- **${c.doc.message.username}**: ${excerpt(c.sentence, 200)}`);
  return {
    skill: 'summary',
    text: `The last ${recent.length} message${recent.length === 1 ? '' : 's'}, from ${people.slice(0, 5).join(', ')}${people.length > 5 ? ' and others' : ''}, in short:\n\n${lines.join('\n')}`,
    cited: chosen.map((c) => c.doc.message.id),
  };
}

/**
 * What a "what …" or "which …" question asks for: its first subject word ("what mark did the TA
 * give" → mark). A message that never says it (nor the question it answers) does not answer.
 */
function focusOf(request: string): string | null {
  const tokens = tokenize(request.slice(0, 300)).filter((t) => !t.punct);
  const at = tokens.findIndex((t) => /^(?:what|which|whats|what's)$/.test(t.norm));
  if (at < 0) return null;
  const next = topicTerms(tokens.slice(at + 1, at + 5))[0];
  return next ?? null;
}

function answer(request: string, docs: Analysed[], botName: string): RoomBotReply {
  const { decisions, superseded } = decisionsOf(docs, botName, Number.MAX_SAFE_INTEGER);
  const decided = new Set(decisions.map((d) => d.message.id));
  const focus = focusOf(request);
  const ranked = scoreAll(request, docs, 'answer').filter(
    (r) => r.covered >= 0.5 && (focus === null || r.doc.terms.has(focus)),
  );
  const position = new Map(docs.map((d, i) => [d, i]));
  // Statements answer; a question that matches lends its score to the first reply from someone
  // else right after it, and is shown with it. A question alone answers nothing.
  const score = new Map<Analysed, number>();
  const askedBy = new Map<Analysed, Analysed>();
  for (const r of ranked) if (!r.doc.question) score.set(r.doc, r.score);
  for (const r of ranked) {
    if (!r.doc.question) continue;
    const at = position.get(r.doc)!;
    // The answer is usually one of the next few messages from someone else; a reply that settles
    // it ("ok exchange rates it is then") weighs more than the first reaction.
    // The window ends at the next question: what follows it answers that one.
    const window = docs.slice(at + 1, at + 6);
    const next = window.findIndex((d) => d.question);
    const replies = (next < 0 ? window : window.slice(0, next)).filter(
      (d) => d.message.username !== r.doc.message.username,
    );
    replies.forEach((reply, i) => {
      const settles = decided.has(reply.message.id) || settlesIt(reply.message.content) ? 1.15 : 1;
      const lent = r.base * (0.9 - 0.1 * i) * settles;
      if (lent > (score.get(reply) ?? 0)) {
        score.set(reply, lent);
        askedBy.set(reply, r.doc);
      }
    });
  }
  // A plan that was replaced later answers nothing; its latest version does.
  for (const [d, sc] of score) if (superseded.has(d.message.id)) score.set(d, sc * 0.4);
  if (score.size === 0) return cannot();
  const order = [...score].sort((x, y) => y[1] - x[1]);
  const top = order[0]![1];
  const picked = order
    .filter(([, sc], i) => i === 0 || sc >= top * 0.75)
    .slice(0, QUOTES_MAX)
    .map(([d]) => d);
  const shown: Analysed[] = [];
  for (const d of picked) {
    const q = askedBy.get(d);
    if (q && !shown.includes(q)) shown.push(q);
    if (!shown.includes(d)) shown.push(d);
  }
  shown.sort((x, y) => position.get(x)! - position.get(y)!);
  return {
    skill: 'answer',
    text: `From what was said here:\n\n${shown.map((d) => quote(d.message)).join('\n\n')}`,
    cited: shown.map((d) => d.message.id),
  };
}

function search(request: string, docs: Analysed[]): RoomBotReply {
  const ranked = scoreAll(request, docs, 'search').slice(0, SEARCH_MAX);
  if (ranked.length === 0) return cannot();
  ranked.sort((a, b) => a.doc.message.id - b.doc.message.id);
  return {
    skill: 'search',
    text: `I found ${ranked.length} message${ranked.length === 1 ? '' : 's'}:\n\n${ranked.map((r) => quote(r.doc.message)).join('\n\n')}`,
    cited: ranked.map((r) => r.doc.message.id),
  };
}

function help(botName: string): RoomBotReply {
  return {
    skill: 'help',
    text:
      `I'm ${botName}. Mention me with a request and I answer from the messages of this room I may read:\n\n` +
      `- **summarise**: the gist of the recent conversation\n` +
      `- **a question**: the messages that answer it\n` +
      `- **find …**: earlier messages on a subject\n\n` +
      `People who turned off "${ASSISTANT_TEXTS.consentLabel}" are never read.`,
    cited: [],
  };
}

/** The bot's answer to `request` from `messages` alone (oldest first). Never throws. */
export function answerInRoom(
  request: string,
  messages: ReadableMessage[],
  opts: { botName?: string } = {},
): RoomBotReply {
  const botName = opts.botName ?? 'studybot';
  const cleaned = request
    .slice(0, 2000)
    .replace(new RegExp(`@${escapeRegExp(botName)}\\b`, 'gi'), ' ')
    .trim();
  const skill = classify(cleaned);
  if (skill === 'help') return help(botName);
  const docs = analyse([...messages].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id));
  if (docs.length === 0) return cannot();
  if (skill === 'summary') return summary(docs, botName);
  if (skill === 'search') return search(cleaned, docs);
  return answer(cleaned, docs, botName);
}
