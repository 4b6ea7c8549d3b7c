import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import distance from 'wink-distance';

/**
 * The text layer the engine parts share: one wink-nlp pipeline (loaded once per process),
 * normalised tokens with lemmas and negation, and typo-tolerant word matching.
 * docs/assistants.md ("The offline engine").
 */

const nlp = winkNLP(model);
const its = nlp.its;

/**
 * Lower case, accents dropped ("Español" → "espanol"), curly quotes made straight. Keeps the
 * length, so a position in the folded text is the same position in the original.
 */
export function fold(text: string): string {
  let out = '';
  for (const ch of text) {
    const plain = ch
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    const kept = plain.length === ch.length ? plain : ch;
    out += kept === '\u2018' || kept === '\u2019' ? "'" : kept;
  }
  return out;
}

export interface Token {
  /** The folded surface form. */
  norm: string;
  /** The folded lemma ("weekends" → "weekend", "n't" → "not"). */
  lemma: string;
  /** The folded Porter stem ("eigenvectors" → "eigenvector", "tables" → "tabl"). */
  stem: string;
  /** Inside the scope of a negation ("I don't speak French": speak, French). */
  negated: boolean;
  /** Punctuation (a phrase never spans one). */
  punct: boolean;
  /** Where the token starts in the given text. */
  start: number;
  /** The part of speech (Universal tag: NOUN, PROPN, VERB…). */
  pos: string;
  /** A word of the English lexicon ("state"), not one it lacks ("stats", "linaer"). */
  known: boolean;
}

/**
 * The lexicon's words have the lowest ids: a word it lacks gets a new id, above every id of the
 * lexicon, the first time it is read.
 */
const LEXICON_SIZE = (nlp.readDoc('qzxwvkjq').tokens().out(its.uniqueId) as unknown as number[])[0] ?? 0;

/** The tokens of a text, read by wink-nlp. */
export function tokenize(text: string): Token[] {
  const doc = nlp.readDoc(text);
  const values = doc.tokens().out(its.value) as string[];
  const lemmas = doc.tokens().out(its.lemma as unknown as typeof its.value) as string[];
  const stems = doc.tokens().out(its.stem as unknown as typeof its.value) as string[];
  const negations = doc.tokens().out(its.negationFlag) as unknown as boolean[];
  const types = doc.tokens().out(its.type) as string[];
  const tags = doc.tokens().out(its.pos) as string[];
  const ids = doc.tokens().out(its.uniqueId) as unknown as number[];
  const out: Token[] = [];
  let cursor = 0;
  for (const [i, value] of values.entries()) {
    const at = text.indexOf(value, cursor);
    const start = at >= 0 ? at : cursor;
    cursor = at >= 0 ? at + value.length : cursor;
    out.push({
      norm: fold(value),
      lemma: fold(lemmas[i] ?? value),
      stem: fold(stems[i] ?? value),
      negated: negations[i] === true,
      punct: types[i] === 'punctuation' || types[i] === 'symbol',
      start,
      pos: tags[i] ?? 'X',
      known: (ids[i] ?? LEXICON_SIZE) < LEXICON_SIZE,
    });
  }
  return out;
}

/** The sentences of a text. */
export function sentences(text: string): string[] {
  return nlp.readDoc(text).sentences().out() as string[];
}

/**
 * Whether a word the user wrote is a (mis)spelling of a known word. Short words must match
 * exactly; from five letters on, one edit or a close Jaro-Winkler distance is allowed, with
 * the same first letter ("linaer" ~ "linear", "Englsh" ~ "english").
 */
export function similarWord(written: string, known: string): boolean {
  if (written === known) return true;
  if (known.length < 5 || written.length < 4) return false;
  if (written[0] !== known[0]) return false;
  if (Math.abs(written.length - known.length) > 2) return false;
  if (distance.string.levenshtein(written, known) <= (known.length >= 8 ? 2 : 1)) return true;
  return distance.string.jaroWinkler(written, known) <= 0.06;
}

/**
 * A vocabulary with fuzzy lookup: the known words a written word may stand for. Lookups are
 * cached, so a word is compared with the vocabulary once per process.
 */
export class Vocabulary {
  /** Known words by first letter, for the close-spelling scan. */
  private readonly byInitial = new Map<string, string[]>();
  private readonly exact: Set<string>;
  private readonly cache = new Map<string, string[]>();

  constructor(words: Iterable<string>) {
    this.exact = new Set(words);
    for (const word of this.exact) {
      if (word.length < 5) continue;
      const list = this.byInitial.get(word[0]!) ?? [];
      list.push(word);
      this.byInitial.set(word[0]!, list);
    }
  }

  has(word: string): boolean {
    return this.exact.has(word);
  }

  /** The known words `word` may be: itself when known, else its close spellings. */
  match(word: string): string[] {
    if (this.exact.has(word)) return [word];
    if (word.length < 4 || !/^[a-z]+$/.test(word)) return [];
    const cached = this.cache.get(word);
    if (cached) return cached;
    const found = (this.byInitial.get(word[0]!) ?? []).filter((known) => similarWord(word, known));
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(word, found);
    return found;
  }
}

/** Common English words that carry no topic (for ranking and quoting). */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or but if then so of to in on at by for with about from into over after before ' +
    'is are was were be been being am do does did done have has had having i me my mine we us our ' +
    'you your yours he him his she her it its they them their this that these those there here ' +
    'what which who whom whose when where why how can could would should will shall may might must ' +
    // The same, as they are texted: "whos doing snacks", "whats the plan".
    'whos whats wats wat wheres whens hows whys ' +
    'not no nor just very really quite also too any some all each every more most other such only ' +
    'own same than as up down out off again further once anyone someone anybody somebody anything ' +
    "something everything nothing one get got getting go going gone let lets let's please thanks " +
    "thank hi hello hey im i'm ive i've dont don't cant can't isnt isn't wont won't 's n't 'm 're 've 'll 'd " +
    'like want need know think tell say said yes yeah ok okay bit lot lots way thing things really'
  ).split(/\s+/),
);
