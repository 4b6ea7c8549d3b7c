import lexicon from './word-kinds.json';

/**
 * What kind of thing a noun is, from WordNet 3.1 (`word-kinds.json`, written by
 * scripts/build-word-kinds.mjs): "lasagne" is food, "tea" a drink, "bin" a container. The room bot
 * reads it to find the message that names an instance of what a question asks for ("what food is
 * she bringing" → "she's bringing lasagne"). docs/assistants.md ("The room bot").
 */

interface Table {
  /** Word → the synsets it is the first senses of. */
  senses: Map<string, number[]>;
  /** Synset → every word that names it. */
  names: string[][];
  /** Synset → the synsets one step more general. */
  parents: number[][];
}

let table: Table | undefined;

/** The table, read on first use (18,000 synsets: 40–70 ms). */
function load(): Table {
  if (table) return table;
  const senses = new Map<string, number[]>();
  const names: string[][] = [];
  const parents: number[][] = [];
  const nodes = lexicon.nodes;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    const a = node.indexOf('|');
    const b = node.indexOf('|', a + 1);
    const named: string[] = [];
    if (a > 0)
      for (const w of node.slice(0, a).split(' ')) {
        const word = w.endsWith('+') ? w.slice(0, -1) : w;
        if (word !== w) named.push(word);
        const list = senses.get(word);
        if (list) list.push(i);
        else senses.set(word, [i]);
      }
    if (b > a + 1) for (const w of node.slice(a + 1, b).split(' ')) named.push(w);
    names.push(named);
    parents.push(
      b + 1 < node.length
        ? node
            .slice(b + 1)
            .split(' ')
            .map((p) => parseInt(p, 36))
        : [],
    );
  }
  table = { senses, names, parents };
  return table;
}

/**
 * A plural the tokenizer did not know ("wellingtons", "boxes", "batteries"), read as WordNet reads
 * it: the first of its singular forms that the table has.
 */
function singular(word: string, senses: Map<string, number[]>): string {
  for (const [end, to] of PLURALS)
    if (word.endsWith(end) && word.length > end.length + 2) {
      const one = word.slice(0, word.length - end.length) + to;
      if (senses.has(one)) return one;
    }
  return word;
}

const PLURALS: Array<[string, string]> = [
  ['ies', 'y'],
  ['ses', 's'],
  ['xes', 'x'],
  ['ches', 'ch'],
  ['shes', 'sh'],
  ['men', 'man'],
  ['s', ''],
];

/** Whether WordNet knows the word as a thing (a noun of the kinds it keeps). */
export function isThing(word: string): boolean {
  return load().senses.has(word);
}

/**
 * How many steps up from `word` the kind `kind` is: 0 when they name the same thing ("fiberglass",
 * "fibreglass"), 1 for its kind ("bin" → "container"), up to four ("lasagne" → "food"); null when
 * `kind` is not what `word` is. Both are lemmas, lower case.
 */
export function kindStep(kind: string, word: string): number | null {
  const { senses, names, parents } = load();
  let level = senses.get(word) ?? senses.get(singular(word, senses)) ?? [];
  const seen = new Set<number>();
  for (let step = 0; level.length > 0 && step <= 4; step++) {
    if (level.some((s) => names[s]!.includes(kind))) return step;
    for (const s of level) seen.add(s);
    level = [...new Set(level.flatMap((s) => parents[s]!))].filter((s) => !seen.has(s));
  }
  return null;
}
