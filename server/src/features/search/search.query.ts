import { SEARCH_LIMITS, SEARCH_TEXTS } from '@studium/protocol';
import { Invalid } from '../../lib/errors';

const e = SEARCH_TEXTS.errors;

/**
 * One word (`prefix`: the word followed by `*`) or a phrase of adjacent words. `raw` keeps the
 * words as typed (PostgreSQL folds them the way it folded the stored text); `norm` is the folded
 * form highlights compare with.
 */
export type Term =
  | { kind: 'word'; raw: string; norm: string; prefix: boolean }
  | { kind: 'phrase'; raw: string[]; norm: string[] };

export interface ParsedSearch {
  terms: Term[];
  from?: string;
  in?: string;
  /** ISO times: created_at < before, created_at >= after. */
  before?: string;
  after?: string;
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Lower case without diacritics: how both engines compare words (docs/search.md). */
export const foldWord = (word: string): string => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const FILTER = /^(from|in|before|after):/i;

function parseDay(value: string, nextDay: boolean): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value)
    throw new Invalid(e.badDate, { q: e.badDate });
  if (nextDay) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}

function fail(message: string): never {
  throw new Invalid(message, { q: message });
}

/** A run of text (one bare token or a quoted phrase) as a term; null when it has no words. */
function toTerm(text: string, allowPrefix: boolean): Term | null {
  const raw = text.match(WORD) ?? [];
  if (raw.length === 0) return null;
  const prefix = allowPrefix && text.endsWith('*');
  if (raw.length === 1) {
    const norm = foldWord(raw[0]!);
    if (prefix && norm.length < SEARCH_LIMITS.prefixMin) fail(e.shortPrefix);
    return { kind: 'word', raw: raw[0]!, norm, prefix };
  }
  if (prefix) fail(e.shortPrefix);
  return { kind: 'phrase', raw, norm: raw.map(foldWord) };
}

/**
 * The search syntax: words (all must match), "quoted phrases", `word*` prefixes, and the filters
 * from:, in:, before:, after: (each once; values may be quoted). Throws Invalid (400) on bad input.
 */
export function parseSearch(q: string, { requireSomething = true } = {}): ParsedSearch {
  const parsed: ParsedSearch = { terms: [] };
  let i = 0;
  const readQuoted = (start: number): [string, number] => {
    const end = q.indexOf('"', start + 1);
    if (end < 0) fail(e.unclosedQuote);
    return [q.slice(start + 1, end), end + 1];
  };
  while (i < q.length) {
    if (/\s/.test(q[i]!)) {
      i++;
      continue;
    }
    if (q[i] === '"') {
      const [text, next] = readQuoted(i);
      i = next;
      const term = toTerm(text, false);
      if (term) parsed.terms.push(term);
      continue;
    }
    const filter = FILTER.exec(q.slice(i));
    if (filter) {
      const key = filter[1]!.toLowerCase() as 'from' | 'in' | 'before' | 'after';
      i += filter[0].length;
      let value: string;
      if (q[i] === '"') [value, i] = readQuoted(i);
      else {
        const end = q.slice(i).search(/\s/);
        value = end < 0 ? q.slice(i) : q.slice(i, i + end);
        i += value.length;
      }
      value = value.trim();
      if (!value) fail(e.emptyFilter);
      if (parsed[key] !== undefined) fail(e.repeatedFilter);
      if (key === 'before') parsed.before = parseDay(value, false);
      else if (key === 'after') parsed.after = parseDay(value, true);
      else parsed[key] = key === 'from' ? value.replace(/^@/, '') : value;
      continue;
    }
    const end = q.slice(i).search(/[\s"]/);
    const token = end < 0 ? q.slice(i) : q.slice(i, i + end);
    i += token.length;
    const term = toTerm(token, true);
    if (term) parsed.terms.push(term);
  }
  if (parsed.terms.length > SEARCH_LIMITS.termsMax) fail(e.tooManyTerms);
  if (requireSomething && parsed.terms.length === 0 && parsed.from === undefined && parsed.in === undefined)
    fail(e.empty);
  return parsed;
}

const fts5Term = (t: Term) =>
  t.kind === 'word' ? `"${t.raw}"${t.prefix ? '*' : ''}` : `"${t.raw.join(' ')}"`;
const tsTerm = (t: Term) =>
  t.kind === 'word' ? `'${t.raw}'${t.prefix ? ':*' : ''}` : `(${t.raw.map((w) => `'${w}'`).join(' <-> ')})`;

/** Every pair of terms: a match needs two of them at least (similar questions). */
const pairs = (terms: Term[]): Array<[Term, Term]> =>
  terms.flatMap((a, i) => terms.slice(i + 1).map((b): [Term, Term] => [a, b]));

/**
 * FTS5 MATCH text: every term must match ('all'), or any two of them ('pairs'). Words are
 * letters and digits only, quoted, so no operator can be injected.
 */
export function fts5Match(terms: Term[], mode: 'all' | 'pairs' = 'all'): string {
  if (mode === 'all') return terms.map(fts5Term).join(' ');
  return pairs(terms)
    .map(([a, b]) => `(${fts5Term(a)} AND ${fts5Term(b)})`)
    .join(' OR ');
}

/** to_tsquery text (PostgreSQL folds it in SQL as it folded the stored text), as fts5Match. */
export function tsQueryText(terms: Term[], mode: 'all' | 'pairs' = 'all'): string {
  if (mode === 'all') return terms.map(tsTerm).join(' & ');
  return pairs(terms)
    .map(([a, b]) => `(${tsTerm(a)} & ${tsTerm(b)})`)
    .join(' | ');
}

/** [start, end) ranges of `text` where a term matched (phrases as one range), in order. */
export function highlightRanges(text: string, terms: Term[]): Array<[number, number]> {
  if (terms.length === 0) return [];
  const words = [...text.matchAll(WORD)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    norm: foldWord(m[0]),
  }));
  const ranges: Array<[number, number]> = [];
  for (let w = 0; w < words.length; w++) {
    for (const t of terms) {
      if (t.kind === 'word') {
        const hit = t.prefix ? words[w]!.norm.startsWith(t.norm) : words[w]!.norm === t.norm;
        if (hit) ranges.push([words[w]!.start, words[w]!.end]);
      } else if (t.norm.every((n, k) => words[w + k]?.norm === n)) {
        ranges.push([words[w]!.start, words[w + t.norm.length - 1]!.end]);
      }
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Array<[number, number]> = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

// Pairs of six words: fifteen alternatives in one query.
const SIMILAR_TERMS_MAX = 6;

/** Words of a draft question worth looking up: 3+ letters, not a common function word. */
export function questionTerms(draft: string): Term[] {
  const seen = new Set<string>();
  const terms: Term[] = [];
  for (const raw of draft.match(WORD) ?? []) {
    const norm = foldWord(raw);
    if (norm.length < 3 || STOP_WORDS.has(norm) || seen.has(norm)) continue;
    seen.add(norm);
    terms.push({ kind: 'word', raw, norm, prefix: false });
    if (terms.length === SIMILAR_TERMS_MAX) break;
  }
  return terms;
}

const STOP_WORDS = new Set(
  (
    'the and for are but not you all any can had her was one our out day get has him his how man new now old see ' +
    'two way who boy did its let put say she too use what when where which why with this that from have will ' +
    'would could should there their them then than they been were into your about does doing just also some ' +
    'anyone someone here know want need help please thanks thank like really very much more most only ' +
    'question questions ask asking answer anybody know knows '
  )
    .trim()
    .split(/\s+/),
);
