import { foldWord, type Term } from './search.query';

const WORD = /[\p{L}\p{N}]+/gu;
// Okapi BM25's usual constants: term-frequency saturation and length normalisation.
const K1 = 1.2;
const B = 0.75;

function occurrences(words: string[], term: Term): number {
  let n = 0;
  for (let i = 0; i < words.length; i++) {
    if (term.kind === 'word') {
      if (term.prefix ? words[i]!.startsWith(term.norm) : words[i] === term.norm) n++;
    } else if (term.norm.every((w, k) => words[i + k] === w)) n++;
  }
  return n;
}

/**
 * The window's messages best first, the newer first among equal scores (docs/search.md). The score
 * is Okapi BM25 with the window as the collection: every term's weight comes from how many of
 * the window's messages hold it, its count in the message saturates, and long messages count
 * less. Ranked here rather than in SQL, so both engines order alike, and cheaply: an engine's
 * own ranking function computes collection statistics (for a phrase, by matching it everywhere).
 */
export function rankWindow(rows: Array<{ id: number; content: string }>, terms: Term[]) {
  const byRecency = (a: { id: number }, b: { id: number }) => b.id - a.id;
  if (terms.length === 0) return rows.map((r) => ({ id: r.id, score: 0 })).sort(byRecency);
  const docs = rows.map((r) => {
    const words = (r.content.match(WORD) ?? []).map(foldWord);
    return { id: r.id, length: words.length, tf: terms.map((t) => occurrences(words, t)) };
  });
  const total = docs.length;
  const avgLength = docs.reduce((sum, d) => sum + d.length, 0) / Math.max(1, total) || 1;
  const idf = terms.map((_, i) => {
    const holding = docs.filter((d) => d.tf[i]! > 0).length;
    return Math.log(1 + (total - holding + 0.5) / (holding + 0.5));
  });
  return docs
    .map((d) => {
      const norm = K1 * (1 - B + (B * d.length) / avgLength);
      const score = d.tf.reduce((sum, tf, i) => sum + (idf[i]! * tf * (K1 + 1)) / (tf + norm), 0);
      return { id: d.id, score };
    })
    .sort((a, b) => b.score - a.score || byRecency(a, b));
}
