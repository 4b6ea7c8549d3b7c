import type { Found } from './gazetteer';
import type { Token } from './text';

/**
 * Whether a gazetteer find is refused by the words around it: "not linear algebra", "except
 * French", "I don't speak German" (wink-nlp's negation scope), but not "I don't mind French".
 */

/** Words right before a find that exclude it: "not linear algebra", "except French". */
const EXCLUDERS = new Set(['not', 'no', 'except', 'without', 'nor', 'never']);
/** Words that may stand between an excluder and the find it excludes. */
const BETWEEN = new Set([
  'for',
  'the',
  'a',
  'any',
  'even',
  'really',
  'much',
  'on',
  'in',
  'with',
  'that',
  'more',
]);

export function excluded(tokens: Token[], found: Found<unknown>, useWinkNegation: boolean): boolean {
  const prev = tokens[found.from - 1];
  const prev2 = tokens[found.from - 2];
  // "Can I find a tutor who speaks Vietnamese? If not English ok": "if not" is "otherwise".
  if (prev?.lemma === 'not' && prev2?.norm === 'if') return false;
  if (prev && EXCLUDERS.has(prev.lemma)) return true;
  // "not even calc", "except for French"; but "don't get genetics" refuses nothing about genetics.
  if (prev2 && EXCLUDERS.has(prev2.lemma) && prev && BETWEEN.has(prev.lemma)) return true;
  if (!useWinkNegation) return false;
  if (!tokens[found.from]!.negated) return false;
  // "I don't mind French", "doesn't matter": not a refusal.
  for (let k = found.from - 1; k >= 0 && k >= found.from - 6; k--) {
    const t = tokens[k]!;
    if (t.punct) break;
    if (t.lemma === 'mind' || t.lemma === 'matter' || t.lemma === 'care' || t.lemma === 'only') return false;
  }
  return true;
}
