import { COURSE_CODES } from '@studium/protocol';
import { COURSES, type CourseCode } from './courses';
import { excluded } from './exclusion';
import { Gazetteer } from './gazetteer';
import { COURSE_NAMES_ABROAD, FIELDS_ABROAD } from './lexicon';
import type { Token } from './text';

/**
 * The courses an interview answer names: codes, names and the abbreviations students use, in
 * English, French, Spanish and German; a course already passed is left out when another is
 * named. Each course carries a confidence. docs/assistants.md, "Reading an interview answer".
 */

const COURSE_SET: ReadonlySet<string> = new Set(COURSE_CODES);

/** Concepts too common in everyday answers to name a course on their own. */
const GENERIC_CONCEPTS: ReadonlySet<string> = new Set([
  'code',
  'coding',
  'function',
  'functions',
  'class',
  'classes',
  'group',
  'groups',
  'field',
  'fields',
  'memory',
  'learning',
  'process',
  'processes',
  'query',
  'index',
  'flow',
  'pressure',
  'load',
  'loads',
  'heat',
  'moment',
  'moments',
  'market',
  'markets',
  'price',
  'prices',
  'growth',
  'demand',
  'supply',
  'attention',
  'emotion',
  'emotions',
  'motivation',
  'knowledge',
  'moral',
  'justice',
  'species',
  'climate',
  'population',
  'populations',
  'communities',
  'cell',
  'cells',
  'charge',
  'charges',
  'force',
  'forces',
  'energy',
  'current',
  'voltage',
  'filter',
  'filters',
  'sampling',
  'structures',
  'beam',
  'beams',
  'series',
  'sequence',
  'sequences',
  'rank',
  'span',
  'basis',
  'vector',
  'vectors',
  'matrix',
  'ring',
  'rings',
  'proof',
  'proofs',
  'logic',
  'sets',
  'counting',
  'relations',
  'array',
  'arrays',
  'stack',
  'stacks',
  'queue',
  'queues',
  'complexity',
  'greedy',
  'sorting',
  'cache',
  'thread',
  'threads',
  'kernel',
  'fork',
  'router',
  'packet',
  'packets',
  'socket',
  'sockets',
  'wifi',
  'protocols',
  'limit',
  'limits',
  'gradient',
  'distribution',
  'distributions',
  'expectation',
  'odds',
  'dice',
  'significance',
  'estimation',
  'approximation',
  'spin',
  'operators',
  'temperature',
  'atom',
  'atoms',
  'mole',
  'moles',
  'mechanisms',
  'synthesis',
  'spectra',
  'membrane',
  'membranes',
  'gene',
  'genes',
  'mutation',
  'mutations',
  'transcription',
  'translation',
  'prey',
  'habitat',
  'habitats',
  'bridges',
  'drag',
  'empires',
  'medieval',
  'nationalism',
  'morality',
  'grammar',
  'perception',
  'personality',
  'mental health',
  'problem solving',
  'firms',
  'utility',
  'regression',
  'regressions',
  'causality',
  'continuity',
  'continuous',
  'convergence',
  'interpolation',
  'kinetics',
]);

/**
 * A course name cut as students cut it: "physical chemistry" said "physical chem", "applied
 * mathematics" "applied maths".
 */
const SHORT_FORMS: ReadonlyArray<[RegExp, string[]]> = [
  [/ chemistry$/, [' chem']],
  [/ mathematics$/, [' maths', ' math']],
];
const shortForms = (name: string): string[] =>
  SHORT_FORMS.flatMap(([re, shorts]) => (re.test(name) ? shorts.map((s) => name.replace(re, s)) : []));

const courseNames = new Gazetteer<CourseCode>([
  ...COURSES.flatMap((c) =>
    [c.name.toLowerCase(), ...c.aliases]
      .flatMap((n) => [n, ...shortForms(n)])
      .map((n) => [n, c.code] as [string, CourseCode]),
  ),
  ...Object.entries(COURSE_NAMES_ABROAD).flatMap(([code, names]) =>
    names.map((n) => [n, code as CourseCode] as [string, CourseCode]),
  ),
]);

/**
 * Every word the engine knows from the catalogue. A word it knows exactly is never read as a
 * typo of another ("mechanisms" is not "mechanics").
 */
const KNOWN_WORDS: ReadonlySet<string> = new Set(
  [...COURSES.flatMap((c) => [c.name, ...c.aliases, ...c.concepts, ...c.related]), ...FIELDS_ABROAD]
    .flatMap((p) => p.toLowerCase().split(/[^a-z]+/))
    .filter((w) => w.length >= 4),
);
/** Concepts name a course when the answer names none by its name ("stuck on eigenvectors"). */
const courseConcepts = new Gazetteer<CourseCode>(
  COURSES.flatMap((c) =>
    c.concepts
      .filter((k) => k.length >= 4 && !GENERIC_CONCEPTS.has(k))
      .map((k) => [k, c.code] as [string, CourseCode]),
  ),
);

/** A course code, its department also spelled out in full ("Chemistry 101", "Psychology 101"). */
const CODE_RE =
  /\b(cs|math|maths|mathematics|phys|physics|chem|chemistry|bio|biology|ee|me|hist|history|phil|philosophy|ling|linguistics|psych|psychology|econ|economics)\s*[- ]?\s*(\d{3})\b/gi;
const DEPARTMENT: Readonly<Record<string, string>> = {
  maths: 'math',
  mathematics: 'math',
  physics: 'phys',
  chemistry: 'chem',
  biology: 'bio',
  history: 'hist',
  philosophy: 'phil',
  linguistics: 'ling',
  psychology: 'psych',
  economics: 'econ',
};

/**
 * A course said to be no trouble ("Intro psych is fine but…", "Taking E&M and it's going fine,
 * but…") is dropped when others remain.
 */
const FINE_AFTER =
  /^\s*(?:is|are|was|'s)\s+(?:(?:pretty|all|going)\s+)?(?:fine|ok|okay|easy|no problem|alright|good|sweet|chill|sorted|manageable)\b|^[\s,]*and (?:it'?s|it is|that'?s)\s+(?:(?:going|been)\s+)?(?:fine|ok|okay|well|alright|good)\b|^\s*(?:already|last (?:year|term|semester|sem))\b|^[\s,]*(?:no help needed|(?:i )?don'?t need (?:any )?help|(?:ça|ca) va)\b|^[\s,]*i\s+(?:can|could)\s+(?:manage|handle)\b/i;
/**
 * A course named as a part of another ("pchem, thermodynamics part mostly", "the psych stats
 * portion of intro psych", "Engineering Mechanics (statics part)") is not a course of its own
 * when another is named.
 */
const PART_AFTER = /^\s*(?:part|portion|section|side|bit|chapter|unit)s?\b/i;
const FINE_BEFORE =
  /\b(?<!\b(?:not|never|n't) (?:(?:very|that|too|so|really|all that) )?)(?:already (?:passed|did|took|done|know)|passed|aced|fine with|good with|right with|good on|fine on)\s+(?:\w+\s+)?$/i;
/**
 * "passed discrete and data structures, now…", "I've already done linear algebra and calc 2":
 * every course from the verb to the end of the clause is behind the student.
 */
const PASSED_SPAN =
  /\b(?:passed|(?:already|i'?ve|i have) (?:passed|done|did|took|taken|finished|completed)|(?:did|done|took|finished|completed))\s+(.{1,60}?)(?=[.;!?(]|,\s*(?:now|but|so|and)\b|\s(?:now|but|so|which|last|this|already|and now|got)\b|$)/gi;

/**
 * A course taken back by a correction right after it ("for linear algebra — wait no, it's
 * discrete math", "attends non, c'est…") is dropped when another is named.
 */
const CORRECTION =
  /\b(?:actually,? no|no,? wait|wait,? no|no sorry|sorry,? no|scratch that|i meant|or rather|attends,? non|non,? pardon|en fait non|perd[oó]n,? no|quiero decir|ich meine|nein,? warte)\b/gi;
const TAKEN_BACK_SPAN = 40;

const FIELD_AFTER = /^(?:engineering|engineer|sciences?|major|degree|student|department|faculty)$/;

export interface CourseReading {
  value: CourseCode[];
  /** 0..1 per course: a code is sure; a name, an abbreviation, a typo, a concept less and less. */
  confidence: number[];
}

/** Abbreviations only in capitals: "LA" is linear algebra, "la" is not; "DS" is data structures. */
const CAPITAL_ABBREVIATIONS: ReadonlyArray<[RegExp, CourseCode]> = [
  [/\bLA\b/g, 'math-110'],
  [/\bDS\b/g, 'cs-201'],
];

/** One short name for two courses: "DSA", "DS&A" is data structures and algorithms. */
const TWO_COURSE_NAMES: ReadonlyArray<[RegExp, CourseCode[]]> = [
  [/\b(?:dsa|ds ?& ?a|ds ?and ?a|data structures (?:and|&) algo(?:rithm)?s)\b/gi, ['cs-201', 'cs-202']],
  // "prob and stats", "prob/stats": "prob" alone is "probably".
  [/\bprob(?:ability)?\s*(?:and|&|\/|n|\+)\s*stat(?:s|istics)?\b/gi, ['math-210', 'math-220']],
];

/**
 * A course said to be fine by the first word of its name only ("doing numerical methods and real
 * analysis… I'm fine with numerical but analysis is a disaster"), or by the short form of its
 * last ("Introduction to Psychology and Statistics… psych I can manage on my own").
 */
const FINE_SHORT =
  /\b(?:fine with|good with|right with|ok with|okay with|no problem with|no problems with)\s+(?:the\s+)?([a-z]{4,})\b|\b([a-z]{4,})(?:\s+(?:is|was)|'s)\s+(?:(?:pretty|all|going)\s+)?(?:fine|ok|okay|easy|no problem|sweet|chill|sorted|manageable)\b|\b([a-z]{4,}),?\s+i\s+(?:can|could)\s+(?:manage|handle)\b/gi;

function shortlyFine(text: string): Set<string> {
  const words = new Set<string>();
  for (const m of text.matchAll(FINE_SHORT)) words.add((m[1] ?? m[2] ?? m[3]!).toLowerCase());
  return words;
}

/** A word said to be fine names a course by the first word of its name, or the start of its last. */
const namesByWord = (fineWords: ReadonlySet<string>, name: readonly string[]): boolean =>
  fineWords.has(name[0]!) ||
  (name.length > 1 && [...fineWords].some((w) => w.length >= 4 && name[name.length - 1]!.startsWith(w)));

export interface CourseOptions {
  /**
   * The answer offers to teach: a course behind the student ("I did algorithms last year so I
   * can help with both") is one they offer, so it is kept.
   */
  offersHelp?: boolean;
  /**
   * The answer asks for help: a course said to be no trouble ("I'm good on calculus, it's
   * differential equations I need help with") is not the one asked about, even when it is the only
   * course named; it is kept, but asked (0.4).
   */
  asksHelp?: boolean;
}

/**
 * Said to be no trouble, not behind the student: "fine with", "good on", "is fine", "no help needed";
 * not "not good with", which is trouble.
 */
const EASE_BEFORE =
  /\b(?<!\b(?:not|never|n't) (?:(?:very|that|too|so|really|all that) )?)(?:fine|good|ok|okay) (?:with|on)\s+(?:\w+\s+)?$/i;
const BEHIND_AFTER = /^\s*(?:already|last (?:year|term|semester|sem))\b/i;

/** Words before a verb: "to join", "we join", "can fork". */
const VERB_BEFORE = /^(?:to|i|we|you|u|they|can|could|will|would|'ll|'d|should|must|lets|let's)$/;

/**
 * A typo on a word of the English lexicon is that word ("another state" is not "stats", "at Iowa
 * State" not "Stata"), as a word the catalogue knows is ("mechanisms" is not "mechanics").
 */
const typoOfWord = (f: { fuzzy: boolean; phrase: string }, words: readonly Token[]): boolean =>
  f.fuzzy &&
  (words.some((t) => KNOWN_WORDS.has(t.norm) && !f.phrase.includes(t.norm)) ||
    (words.length === 1 && words[0]!.known && !f.phrase.includes(words[0]!.norm)));

/**
 * The first word of a course's longer name, when no other course's name starts with it and it is no
 * common word: "numerical" for Numerical Methods, "quantum" for Quantum Physics.
 */
const COMMON_FIRST_WORDS = new Set([
  'introduction',
  'world',
  'real',
  'modern',
  'general',
  'data',
  'cell',
  'physical',
  'programming',
  'computer',
  'calculus',
]);
const FIRST_WORDS: ReadonlyMap<string, CourseCode> = (() => {
  const seen = new Map<string, CourseCode[]>();
  for (const c of COURSES) {
    const words = c.name.toLowerCase().split(/\s+/);
    if (words.length > 1) seen.set(words[0]!, [...(seen.get(words[0]!) ?? []), c.code]);
  }
  return new Map(
    [...seen]
      .filter(([w, codes]) => codes.length === 1 && w.length >= 5 && !COMMON_FIRST_WORDS.has(w))
      .map(([w, [c]]) => [w, c!]),
  );
})();
const LISTED_FIRST_WORD = /^\s*(?:,|and|&|\+|\/)\s*([a-z]{5,})\s*(?:[.?!,;\n]|$)/i;

export function findCourses(text: string, tokens: Token[], options: CourseOptions = {}): CourseReading {
  const out = new Map<CourseCode, number>();
  const fine = new Map<CourseCode, number>();
  const easy = new Set<CourseCode>();
  const add = (to: Map<CourseCode, number>, code: CourseCode, confidence: number) => {
    to.set(code, Math.max(to.get(code) ?? 0, confidence));
  };
  const passedAt: Array<[number, number]> = [];
  for (const m of text.matchAll(PASSED_SPAN)) passedAt.push([m.index, m.index + m[0].length]);
  const correctedAt: Array<[number, number]> = [];
  for (const m of text.matchAll(CORRECTION)) {
    const from = Math.max(0, m.index - TAKEN_BACK_SPAN);
    const sentence = text.slice(from, m.index).search(/[.!?;\n][^.!?;\n]*$/);
    correctedAt.push([sentence >= 0 ? from + sentence + 1 : from, m.index]);
  }
  const isPassed = (at: number) => passedAt.some(([a, b]) => at >= a && at < b);
  const isCorrected = (at: number) => correctedAt.some(([a, b]) => at >= a && at < b);
  // A course said before a correction is kept only when no other is named; one already passed,
  // also when the student offers help.
  const parts = new Map<CourseCode, number>();
  const behind = (at: number) => (isCorrected(at) ? parts : isPassed(at) ? fine : out);
  for (const m of text.matchAll(CODE_RE)) {
    const dept = DEPARTMENT[m[1]!.toLowerCase()] ?? m[1]!.toLowerCase();
    const code = `${dept}-${m[2]}`;
    if (COURSE_SET.has(code)) add(behind(m.index), code as CourseCode, 1);
    // "CS 201/202", "MATH 101 and 102": a number right after a code is the same department's.
    const more = /^(?:\s*(?:\/|&|,|\+|and|or)\s*\d{3}\b)+/i.exec(text.slice(m.index + m[0].length));
    for (const n of more?.[0].match(/\d{3}/g) ?? []) {
      const next = `${dept}-${n}`;
      if (COURSE_SET.has(next)) add(behind(m.index), next as CourseCode, 1);
    }
  }
  // "LA ça va finalement": an abbreviation said to be fine is, as a name said to be fine is.
  for (const [re, code] of CAPITAL_ABBREVIATIONS)
    for (const m of text.matchAll(re)) {
      const after = text.slice(m.index + m[0].length, m.index + m[0].length + 30);
      add(FINE_AFTER.test(after) && !isCorrected(m.index) ? fine : behind(m.index), code, 0.8);
    }
  for (const [re, codes] of TWO_COURSE_NAMES)
    for (const m of text.matchAll(re)) for (const code of codes) add(behind(m.index), code, 0.8);
  const nameWords = new Map<CourseCode, string[][]>();
  const named = courseNames.find(tokens);
  // A word of one course's longer name, said again alone, is that course's topic: "Circuit Analysis
  // … explain nodal analysis" is not real analysis too.
  const wordsOfLongerNames = new Map<string, Set<CourseCode>>();
  for (const f of named)
    if (!f.fuzzy && f.to - f.from > 1)
      for (const t of tokens.slice(f.from, f.to))
        wordsOfLongerNames.set(t.norm, (wordsOfLongerNames.get(t.norm) ?? new Set()).add(f.value));
  for (const f of named) {
    if (excluded(tokens, f, false)) continue;
    if (f.to - f.from === 1) {
      const longer = wordsOfLongerNames.get(tokens[f.from]!.norm);
      if (longer && [...longer].some((c) => c !== f.value)) continue;
    }
    const words = tokens.slice(f.from, f.to);
    if (typoOfWord(f, words)) continue;
    // A short name ("OS") is read as written, not as the lemma of another word ("kia ora", whose
    // "ora" the lexicon takes for the Latin plural of "os").
    if (!f.fuzzy && words.length === 1 && f.phrase.length <= 3 && words[0]!.norm !== f.phrase) continue;
    // "mechanical engineering", "chemical engineering": a field of study, not a typo of a course.
    if (
      f.fuzzy &&
      FIELD_AFTER.test(
        tokens
          .slice(f.to, f.to + 1)
          .map((t) => t.norm)
          .join(' '),
      )
    )
      continue;
    const startAt = words[0]!.start;
    const last = words[words.length - 1]!;
    const endAt = last.start + last.norm.length;
    const after = text.slice(endAt, endAt + 30);
    const before = text.slice(Math.max(0, startAt - 30), startAt);
    const confidence = f.fuzzy ? 0.7 : 0.9;
    if (PART_AFTER.test(after) || isCorrected(startAt)) add(parts, f.value, confidence);
    else if (FINE_AFTER.test(after) || FINE_BEFORE.test(before) || isPassed(startAt)) {
      add(fine, f.value, confidence);
      if (
        !isPassed(startAt) &&
        (EASE_BEFORE.test(before) || (FINE_AFTER.test(after) && !BEHIND_AFTER.test(after)))
      )
        easy.add(f.value);
    } else add(out, f.value, confidence);
    if (!f.fuzzy) nameWords.set(f.value, [...(nameWords.get(f.value) ?? []), words.map((t) => t.norm)]);
  }
  // "linear algebra and numerical?": a course named by the first word of its name alone, listed
  // right after another course and ending the list.
  for (const [code, names] of [...nameWords]) {
    for (const name of names) {
      const end = text.toLowerCase().indexOf(name.join(' '));
      if (end < 0) continue;
      const m = LISTED_FIRST_WORD.exec(text.slice(end + name.join(' ').length));
      const listed = m ? FIRST_WORDS.get(m[1]!.toLowerCase()) : undefined;
      if (listed && listed !== code && !out.has(listed) && !fine.has(listed) && out.has(code))
        add(out, listed, 0.7);
    }
  }
  const fineWords = shortlyFine(text);
  for (const [code, names] of nameWords) {
    if (out.size > 1 && out.has(code) && names.some((name) => namesByWord(fineWords, name))) {
      add(fine, code, out.get(code)!);
      out.delete(code);
    }
  }
  if (out.size === 0 || options.offersHelp)
    for (const [c, k] of fine) add(out, c, options.asksHelp && !options.offersHelp && easy.has(c) ? 0.4 : k);
  if (out.size === 0) for (const [c, k] of parts) add(out, c, k);
  if (out.size === 0) {
    for (const f of courseConcepts.find(tokens)) {
      const words = tokens.slice(f.from, f.to);
      // "I want to join a study group" names no database join: a concept said as a verb, after "to"
      // or a subject, is the verb.
      const verb = words.length === 1 && VERB_BEFORE.test(tokens[f.from - 1]?.norm ?? '');
      if (excluded(tokens, f, false) || typoOfWord(f, words) || verb) continue;
      add(out, f.value, 0.6);
    }
  }
  return { value: [...out.keys()], confidence: [...out.values()] };
}
