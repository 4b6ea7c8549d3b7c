import { ASSISTANT_TEXTS } from '@studium/protocol';
import { resolveDecisions, type Resolution } from './decisions';
import { answer } from './room-answer';
import { analyse, cannot, excerpt, matchAll, quote, topicTerms, type Analysed } from './room-docs';
import { fold, sentences, tokenize } from './text';
import type { ReadableMessage, RoomBotReply, RoomBotSkill } from './types';

/**
 * The room bot: reads only the messages it is given (what the asker may read, minus authors who
 * opted out) and answers from them alone: an extractive summary, the messages that answer a
 * question, the messages on a subject, or "I can't answer that from what I can read here."
 * docs/assistants.md.
 */

const SUMMARY_WINDOW = 60;
const SEARCH_MAX = 5;
const DECISIONS_MAX = 7;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const SUMMARY_RE =
  /\b(?:summar(?:y|ise|ize|ising|izing)|sum (?:it |this |things )?up|tl;?dr|recap|catch me up|fill me in|what did i miss|what have i missed|what(?:'s| is| has| have)? (?:been )?(?:happen\w*|discussed|going on|talked about)|what (?:are|were) (?:they|people|you all|we) (?:talking|discussing)|overview|gist|digest|bring me up to speed)\b/;
const SEARCH_RE =
  /\b(?:find|search|look(?:ing)? (?:up|for)|show me|(?<!\w[ '’]*)list|list (?:all|every\w*|the (?:messages|posts))|where did|when did|who (?:said|mentioned|talked|asked|posted|wrote)|messages? (?:about|on|mentioning|from|with|that)|posts? (?:about|on)|(?:any ?one|any ?body|someone|somebody) (?:mention|talk|say|post|wr[io]te)\w*|earlier (?:messages?|posts?)|mentioned|link to|print|dump)\b/;
const HELP_RE =
  /^(?:help|\?+|what can you do\??|commands|how do(?:es)? (?:you|this|it) work\??|who are you\??|hi|hello|hey)[.!?]*$/;

function classify(request: string): RoomBotSkill {
  const r = fold(request).replace(/[’']/g, "'").trim();
  if (r === '' || HELP_RE.test(r)) return 'help';
  if (SUMMARY_RE.test(r)) return 'summary';
  if (SEARCH_RE.test(r)) return 'search';
  return 'answer';
}

/** The decisions of `docs` (resolved once), each in its latest version, and the versions replaced. */
function decisionsOf(docs: Analysed[], max: number): Resolution {
  const toBot = new Set(docs.filter((d) => d.toBot).map((d) => d.message));
  return resolveDecisions(
    docs.map((d) => d.message),
    max,
    (m) => toBot.has(m),
  );
}

/** A summary's lines: the decisions, each in its latest version, else the recurring subjects. */
function summary(docs: Analysed[]): RoomBotReply {
  // Requests to the bot are not what the room said.
  const recent = docs.filter((d) => !d.toBot).slice(-SUMMARY_WINDOW);
  if (recent.length === 0) return cannot();
  const { decisions } = decisionsOf(recent, DECISIONS_MAX);
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

function search(request: string, docs: Analysed[]): RoomBotReply {
  const ranked = matchAll(request, docs)
    .matches.filter((m) => m.groups.size > 0 && !m.doc.toBot)
    .sort((a, b) => b.score - a.score)
    .slice(0, SEARCH_MAX);
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
  const mention = new RegExp(`@${escapeRegExp(botName)}\\b`, 'i');
  const docs = analyse(
    [...messages].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id),
    (m) => mention.test(m.content),
  );
  if (docs.length === 0) return cannot();
  if (skill === 'summary') return summary(docs);
  if (skill === 'search') return search(cleaned, docs);
  return answer(cleaned, docs, decisionsOf(docs, Number.MAX_SAFE_INTEGER));
}
