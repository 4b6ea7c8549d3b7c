import { Vocabulary, tokenize, type Token } from './text';

/**
 * A gazetteer: phrases that name a value, found in a token list with typo tolerance per word.
 * Overlapping finds keep the longest ("fluid mechanics" beats "mechanics").
 */
export interface Found<V> {
  value: V;
  /** The phrase as the gazetteer knows it. */
  phrase: string;
  /** Token range [from, to). */
  from: number;
  to: number;
  /** True when any word of it was only a close spelling. */
  fuzzy: boolean;
}

interface Entry<V> {
  value: V;
  phrase: string;
  words: string[];
}

export class Gazetteer<V> {
  private readonly byFirst = new Map<string, Array<Entry<V>>>();
  private readonly vocabulary: Vocabulary;

  constructor(entries: Iterable<[phrase: string, value: V]>) {
    const words = new Set<string>();
    for (const [phrase, value] of entries) {
      const tokens = tokenize(phrase).map((t) => t.norm);
      if (tokens.length === 0) continue;
      for (const w of tokens) words.add(w);
      const first = tokens[0]!;
      const list = this.byFirst.get(first) ?? [];
      list.push({ value, phrase, words: tokens });
      this.byFirst.set(first, list);
    }
    this.vocabulary = new Vocabulary(words);
  }

  /** The known words a token may stand for: its surface form and lemma, then close spellings. */
  private candidates(token: Token): string[] {
    if (this.vocabulary.has(token.norm)) return [token.norm];
    if (this.vocabulary.has(token.lemma)) return [token.lemma];
    if (token.punct) return [];
    return this.vocabulary.match(token.norm);
  }

  private wordMatches(token: Token, word: string): 'exact' | 'fuzzy' | null {
    if (token.norm === word || token.lemma === word) return 'exact';
    if (token.punct) return null;
    return this.vocabulary.match(token.norm).includes(word) ? 'fuzzy' : null;
  }

  find(tokens: Token[]): Array<Found<V>> {
    const all: Array<Found<V>> = [];
    for (let i = 0; i < tokens.length; i++) {
      for (const first of this.candidates(tokens[i]!)) {
        for (const entry of this.byFirst.get(first) ?? []) {
          let fuzzy = false;
          let ok = true;
          for (let k = 0; k < entry.words.length; k++) {
            const token = tokens[i + k];
            const verdict = token ? this.wordMatches(token, entry.words[k]!) : null;
            if (!verdict) {
              ok = false;
              break;
            }
            if (verdict === 'fuzzy') fuzzy = true;
          }
          if (ok)
            all.push({
              value: entry.value,
              phrase: entry.phrase,
              from: i,
              to: i + entry.words.length,
              fuzzy,
            });
        }
      }
    }
    // Longest first, exact before fuzzy, then earliest; keep those that overlap nothing kept.
    all.sort(
      (a, b) => b.to - b.from - (a.to - a.from) || Number(a.fuzzy) - Number(b.fuzzy) || a.from - b.from,
    );
    const taken = new Uint8Array(tokens.length);
    const kept: Array<Found<V>> = [];
    for (const found of all) {
      let free = true;
      for (let k = found.from; k < found.to; k++) if (taken[k]) free = false;
      if (!free) continue;
      for (let k = found.from; k < found.to; k++) taken[k] = 1;
      kept.push(found);
    }
    return kept.sort((a, b) => a.from - b.from);
  }
}
