/**
 * Names as people type them, matched against the names of things (course names and codes, room
 * names and paths): case, accents and punctuation don't matter ('math-110' is 'MATH 110').
 */

/** Lower case, no accents, every run of other characters than letters and digits one space. */
export function foldName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export type NameMatchTier = 'exact' | 'word-prefix' | 'contains';

/**
 * The items a typed name means, with how closely: those with a name equal to it; else those with
 * a name where one of its words starts it ('linear' in 'MATH-110 Linear Algebra'); else those
 * with a name containing it. Nothing for an empty name.
 */
export function matchNames<T>(
  typed: string,
  items: readonly T[],
  namesOf: (item: T) => readonly string[],
): { tier: NameMatchTier; items: T[] } | null {
  const wanted = foldName(typed);
  if (!wanted) return null;
  const folded = items.map((item) => ({ item, names: namesOf(item).map(foldName) }));
  const tiers: Array<[NameMatchTier, (name: string) => boolean]> = [
    ['exact', (name) => name === wanted],
    ['word-prefix', (name) => ` ${name}`.includes(` ${wanted}`)],
    ['contains', (name) => name.includes(wanted)],
  ];
  for (const [tier, test] of tiers) {
    const found = folded.filter((f) => f.names.some(test)).map((f) => f.item);
    if (found.length > 0) return { tier, items: found };
  }
  return null;
}
