import {
  COURSE_CODES,
  HOBBY_TOPICS,
  LANGUAGE_NAME_ENTRIES,
  type HobbyTopic,
  type InterviewReading,
} from '@studium/protocol';
import { parseAvailability } from './availability';
import { COURSES, type CourseCode } from './courses';
import { Gazetteer, type Found } from './gazetteer';
import { HOBBY_SYNONYMS } from './lexicon';
import { fold, tokenize, type Token } from './text';
import type { ParsedAnswer } from './types';

/**
 * One interview answer to the structured reading: gazetteers with typo-tolerant matching over
 * wink-nlp tokens, negation from wink-nlp's scopes, availability by its own grammar
 * (availability.ts). The conventions: docs/assistants.md.
 */

type Modality = NonNullable<InterviewReading['modality']>;
type Role = NonNullable<InterviewReading['role']>;

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

const courseNames = new Gazetteer<CourseCode>(
  COURSES.flatMap((c) => [
    [c.name.toLowerCase(), c.code] as [string, CourseCode],
    ...c.aliases.map((a) => [a, c.code] as [string, CourseCode]),
  ]),
);
/** Concepts name a course when the answer names none by its name ("stuck on eigenvectors"). */
const courseConcepts = new Gazetteer<CourseCode>(
  COURSES.flatMap((c) =>
    c.concepts
      .filter((k) => k.length >= 4 && !GENERIC_CONCEPTS.has(k))
      .map((k) => [k, c.code] as [string, CourseCode]),
  ),
);
/** Names only: two-letter codes ('it', 'no', 'to') are everyday words in a sentence. */
const languages = new Gazetteer<string>(LANGUAGE_NAME_ENTRIES.map(([name, code]) => [name, code]));
const hobbies = new Gazetteer<HobbyTopic>(
  HOBBY_TOPICS.flatMap((h) => [
    [h.replace(/-/g, ' '), h] as [string, HobbyTopic],
    ...HOBBY_SYNONYMS[h].map((s) => [s, h] as [string, HobbyTopic]),
  ]),
);

const CODE_RE =
  /\b(cs|math|maths|phys|physics|chem|bio|ee|me|hist|phil|ling|psych|econ)\s*[- ]?\s*(\d{3})\b/gi;

/** Words right before a find that exclude it: "not linear algebra", "except French". */
const EXCLUDERS = new Set(['not', 'no', 'except', 'without', 'nor', 'never']);

function excluded(tokens: Token[], found: Found<unknown>, useWinkNegation: boolean): boolean {
  const prev = tokens[found.from - 1];
  const prev2 = tokens[found.from - 2];
  if (prev && EXCLUDERS.has(prev.lemma)) return true;
  if (prev2 && EXCLUDERS.has(prev2.lemma) && prev && !prev.punct) return true;
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

/** "Calculus I and II" → both courses: the shared name is written out for the second. */
const SERIES_RE =
  /\b(calculus|calc|programming|physics|chemistry|chem|biology|bio|analysis)\s+(i|1|one)\s*(and|&|\/|,|or|\+)\s*(ii|2|two)\b/gi;
export function expandSeries(text: string): string {
  return text.replace(
    SERIES_RE,
    (_m, name: string, a: string, joiner: string, b: string) => `${name} ${a} ${joiner} ${name} ${b}`,
  );
}

/** A course said to be no trouble ("Intro psych is fine but…") is dropped when others remain. */
const FINE_AFTER = /^\s*(?:is|are|was)\s+(?:fine|ok|okay|easy|no problem|alright|good)\b/i;
const FINE_BEFORE = /\b(?:already (?:passed|did|took|done)|passed|aced)\s+(?:\w+\s+)?$/i;

function findCourses(text: string, tokens: Token[]): CourseCode[] {
  const out: CourseCode[] = [];
  const fine: CourseCode[] = [];
  const add = (code: CourseCode) => {
    if (!out.includes(code)) out.push(code);
  };
  for (const m of text.matchAll(CODE_RE)) {
    let dept = m[1]!.toLowerCase();
    if (dept === 'maths') dept = 'math';
    if (dept === 'physics') dept = 'phys';
    const code = `${dept}-${m[2]}`;
    if (COURSE_SET.has(code)) add(code as CourseCode);
  }
  const named = courseNames.find(tokens).filter((f) => !excluded(tokens, f, false));
  for (const f of named) {
    const startAt = tokens[f.from]!.start;
    const last = tokens[f.to - 1]!;
    const endAt = last.start + last.norm.length;
    const after = text.slice(endAt, endAt + 30);
    const before = text.slice(Math.max(0, startAt - 30), startAt);
    if (FINE_AFTER.test(after) || FINE_BEFORE.test(before)) {
      fine.push(f.value);
      continue;
    }
    add(f.value);
  }
  if (out.length === 0) for (const c of fine) add(c);
  if (out.length === 0) {
    for (const f of courseConcepts.find(tokens)) if (!excluded(tokens, f, false)) add(f.value);
  }
  return out;
}

function findLanguages(tokens: Token[]): string[] {
  const out: string[] = [];
  for (const f of languages.find(tokens)) {
    if (excluded(tokens, f, true)) continue;
    // A capitalised language name is a language; a lower-case "polish" after "to" is a verb.
    if (f.value === 'pl' && tokens[f.from - 1]?.lemma === 'to') continue;
    if (!out.includes(f.value)) out.push(f.value);
  }
  return out;
}

const MODALITY_PATTERNS: ReadonlyArray<[RegExp, Modality | 'not-online' | 'not-in-person']> = [
  [
    /\b(?:don'?t|do not|doesn'?t|does not|wouldn'?t|would not) (?:really )?(?:mind|care)\b(?!\s+(?:online|in[- ]person|on campus|remote|hybrid|zoom|face))/,
    'either',
  ],
  [
    /\b(?:either(?: is| works| way)?(?: fine| ok| good)?|whichever|no preference|doesn'?t matter|does not matter|don'?t care|both work|both are fine|anything works|whatever works|flexible about (?:where|how|the format)|any format|either way)\b/,
    'either',
  ],
  [
    /\b(?:hybrid|mix of (?:both|online and (?:in[- ]person|offline|on campus))|mixture|a bit of both|some of each|sometimes online,? sometimes|partly online|half online)\b/,
    'hybrid',
  ],
  [
    /\b(?:not|no|never|rather not|don'?t want(?: to (?:do|meet))?|hate|dislike|avoid|without)\s+(?:\w+\s+){0,3}(?:online|on zoom|zoom|video calls?|virtual(?:ly)?|over the internet)\b/,
    'not-online',
  ],
  [
    /\b(?:not|no|never|rather not|don'?t want(?: to (?:meet|do))?)\s+(?:\w+\s+){0,3}(?:in[- ]person|on campus|face to face|irl|meet(?:ing)? up)\b/,
    'not-in-person',
  ],
  [/\b(?:remote(?:ly)?|from home|from my (?:room|flat|place)|wfh)\b/, 'remote'],
  [
    /\b(?:online|on ?line|on zoom|zoom|over zoom|teams|google meet|discord|skype|video ?calls?|virtual(?:ly)?|over the internet|via video)\b/,
    'online',
  ],
  [
    /\b(?:in[- ]?person|on campus|on-campus|face[- ]to[- ]face|f2f|irl|in real life|offline|meet (?:up )?(?:in|at) (?:the )?(?:library|cafe|campus)|at the library|in the library|physically|meet up)\b/,
    'in_person',
  ],
];

function findModality(text: string): Modality | null {
  const hits = new Set<string>();
  let rest = text;
  for (const [re, value] of MODALITY_PATTERNS) {
    const m = re.exec(rest);
    if (!m) continue;
    hits.add(value);
    rest = rest.slice(0, m.index) + ' '.repeat(m[0].length) + rest.slice(m.index + m[0].length);
  }
  if (hits.has('hybrid')) return 'hybrid';
  if (hits.has('not-online')) return hits.has('in_person') || !hits.has('remote') ? 'in_person' : 'remote';
  if (hits.has('not-in-person')) return hits.has('remote') ? 'remote' : 'online';
  const online = hits.has('online');
  const inPerson = hits.has('in_person');
  const remote = hits.has('remote');
  if ((online || remote) && inPerson) {
    return /\bboth\b/.test(text) && !/\beither\b|\bor\b/.test(text) ? 'hybrid' : 'either';
  }
  if (hits.has('either') && !online && !inPerson && !remote) return 'either';
  if (online && remote) return 'online';
  if (online) return 'online';
  if (remote) return 'remote';
  if (inPerson) return 'in_person';
  return hits.has('either') ? 'either' : null;
}

/** Role cues: [pattern, role, weight]. A want ("looking for a tutor") outweighs a state ("stuck"). */
const ROLE_PATTERNS: ReadonlyArray<[RegExp, Role, number]> = [
  // Asking someone else ("anyone able to explain…?") comes first: it is a request for help.
  [
    /\b(?:any ?one|any ?body|someone|somebody|a person)(?: (?:able|willing|happy|around|free|here|out there))? (?:to|who can|that can|who could|could|can) (?:help|explain|walk|teach|tutor|go over|show)\b/g,
    'tutoree',
    3,
  ],
  [
    /\b(?:looking for|need|want|find|get|hire|could use|would like|i'?d like|searching for|after|appreciate|seeking) (?:a |an |some )?(?:private |personal |good |patient )?(?:tutor|tutoring|tutors|mentor|coach)\b/g,
    'tutoree',
    3,
  ],
  [/\b(?:be|get|getting|being) tutored\b/g, 'tutoree', 3],
  [/\b(?:tutor|tutoring|help|mentor)s? (?:needed|wanted|required|wanted asap|needed asap)\b/g, 'tutoree', 3],
  [/\b(?:tutor|tutors|mentor)s? (?:available|here|offering|for hire)\b/g, 'tutor', 3],
  [/\b(?:could|can|would|i'?d) (?:\w+ )?(?:tutor|teach|mentor|coach)\b/g, 'tutor', 3],
  [
    /\bi (?:help|teach|coach|mentor) (?:people|others|students|classmates|first[- ]years|juniors|kids)\b/g,
    'tutor',
    3,
  ],
  [
    /\b(?:people to (?:study|revise|work|learn|go through|prepare)|(?:study|revise|work|prepare) with (?:others|people|classmates|someone)|let'?s (?:team|study|meet|form|start|revise|work|do)|study circle|small group|anyone else (?:taking|doing|in|on)|join (?:me|us))\b/g,
    'group',
    3,
  ],
  [
    /\b(?:i'?d like to|i would like to|i want to|want to|i can|i could|happy to|glad to|love to|willing to|i'?m able to|i'?ll|offer(?:ing)? to|able to|i'?d love to) (?:\w+ )?(?:tutor|teach|help (?:others|other students|people|out|someone|anyone|first[- ]years|juniors|beginners|newbies|with)|mentor|explain|coach|give back)\b/g,
    'tutor',
    3,
  ],
  [
    /\b(?:i tutor|i teach|i'?m a tutor|i am a tutor|as a tutor|offer(?:ing)? tutoring|tutoring offer|offer help|volunteer as|ta for|teaching assistant|i aced|got an a in|top of my class)\b/g,
    'tutor',
    3,
  ],
  [
    /\b(?:study group|study groups|study buddy|study buddies|study partners?|study together|studying together|study with (?:others|other people|people)|team up|teaming up|group (?:work|sessions?|study)|join a group|form a group|start a group|a group|people to study with|revise together|accountability (?:buddy|partner)|learn together|work together|group of)\b/g,
    'group',
    3,
  ],
  [
    /\b(?:group|groups|together|study with|people to study|want to study|wants to study|fellow students|classmates)\b(?! theory)/g,
    'group',
    2,
  ],
  [
    /\b(?:for|with|to) (?:other students|first[- ]years|freshers|freshmen|juniors|beginners|newcomers|younger students|newbies)\b|\b(?:share (?:it|my|what i know|my knowledge)|pass (?:it )?on|give back|volunteer\w*|(?:run|lead|host|give) (?:\w+ )?(?:review|revision|tutoring|help) sessions?|coach (?:people|others|students))\b/g,
    'tutor',
    2,
  ],
  [
    /\b(?:experience (?:in|with)|experienced|know \w+ (?:inside out|really well|well)|i'?m good at|i am good at)\b/g,
    'tutor',
    1,
  ],
  [
    /\b(?:wrap my head around|get my head around|head around|tanking|clueless|overwhelmed|brutal|worried about|scared of|afraid of|dreading|grades are (?:bad|dropping|falling|low)|fell behind|can'?t keep up|not getting|don'?t get)\b/g,
    'tutoree',
    1,
  ],
  [
    /\b(?:meetups?|join us|join me|classmates|fellow students|partners?|buddies|organi[sz]\w* (?:a |weekly |regular )?(?:meet\w*|sessions?|group))\b/g,
    'group',
    2,
  ],
  [/\b(?:offering|i can explain|happy to explain|can teach|could teach)\b/g, 'tutor', 2],
  [
    /\b(?:need help|help me|i need some help|struggl\w*|stuck|lost in|lost with|lost on|confused|confusing|confuses|failing|failed|behind in|behind on|falling behind|can'?t get my head around|can'?t understand|don'?t understand|do not understand|no idea how|hard time|difficult(?:y|ies)|bad at|weak in|weak at|drowning|help with|help in|tutee|tutoree|explain .* to me|killing me|nightmares?|(?:really|so|too|super) hard|hopeless|beyond me|makes? no sense|doesn'?t make sense|don'?t get (?:it|how|why|the)|can'?t figure|freaking out|panicking|over my head|need a hand|bombed|destroying me|kicking my|lost|need someone|need somebody|need support|need assistance|could use (?:some )?help)\b/g,
    'tutoree',
    1,
  ],
  [/(?:^|[.!?]\s*)(?:pls |please |plz |urgent(?:ly)? )?help\b|\bhelp (?:w\/|pls|please|plz)/g, 'tutoree', 1],
  [
    /\b(?:good at|strong in|strong at|great at|confident in|know (?:a lot|my way)|experienced in|i'?m a (?:pro|whiz)|help others|help other students|helping others|helping people)\b/g,
    'tutor',
    1,
  ],
];

const NEGATED_ROLE = /\b(?:don'?t|do not|doesn'?t|not|no longer|never)\s+(?:\w+\s+)?$/;

function findRole(text: string): Role | null {
  const score: Record<Role, { weight: number; last: number }> = {
    tutor: { weight: 0, last: -1 },
    tutoree: { weight: 0, last: -1 },
    group: { weight: 0, last: -1 },
  };
  let rest = text;
  for (const [re, role, weight] of ROLE_PATTERNS) {
    for (const m of rest.matchAll(re)) {
      const before = text.slice(Math.max(0, m.index - 24), m.index);
      const negated = NEGATED_ROLE.test(before) && !/\b(?:i can|can i)\b/.test(m[0]);
      rest = rest.slice(0, m.index) + ' '.repeat(m[0].length) + rest.slice(m.index + m[0].length);
      if (negated) continue;
      const s = score[role];
      s.weight = Math.max(s.weight, weight);
      s.last = Math.max(s.last, m.index);
    }
  }
  const ranked = (Object.entries(score) as Array<[Role, { weight: number; last: number }]>)
    .filter(([, s]) => s.weight > 0)
    .sort((a, b) => b[1].weight - a[1].weight || b[1].last - a[1].last);
  return ranked[0]?.[0] ?? null;
}

function findHobbies(tokens: Token[]): HobbyTopic[] {
  const out: HobbyTopic[] = [];
  for (const f of hobbies.find(tokens)) {
    if (excluded(tokens, f, true)) continue;
    if (!out.includes(f.value)) out.push(f.value);
  }
  return out;
}

const CAMPUS_RE =
  /\b([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?|north|south|east|west|main|city|central|downtown|science|medical|old|new)\s+campus\b/i;
const NOT_CAMPUS = new Set([
  'on',
  'at',
  'the',
  'a',
  'my',
  'our',
  'from',
  'to',
  'near',
  'off',
  'around',
  'in',
  'of',
  'same',
  'any',
  'either',
]);

function findCampus(text: string): string | null {
  const m = CAMPUS_RE.exec(text);
  if (m) {
    const words = m[1]!.split(/\s+/).filter((w) => !NOT_CAMPUS.has(w.toLowerCase()));
    if (words.length > 0) {
      const name = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
      return `${name} campus`;
    }
  }
  const at = /\bcampus\s+(?:of\s+)?([A-Z][\w'-]+)/.exec(text);
  return at ? `${at[1]} campus` : null;
}

const STUDIES_RES: readonly RegExp[] = [
  /\b((?:first|second|third|fourth|fifth|final|last|1st|2nd|3rd|4th|5th)[- ]year(?:\s+(?:of\s+)?[\w&' -]+?)?)(?=[,.;!?]|\s+(?:and|but|student|i|at|in|with|looking|who)\b|$)/i,
  /\b((?:bachelor'?s?|master'?s?|msc|bsc|ba|ma|phd|doctorate|undergrad(?:uate)?|postgrad(?:uate)?)\s+(?:degree\s+)?(?:in|of|student in)\s+[\w&' -]+?)(?=[,.;!?]|\s+(?:and|but|at|i|with)\b|$)/i,
  /\b(?:i (?:study|am studying|'m studying|major in|am majoring in|'m majoring in)|studying|majoring in|my major is|i do)\s+([\w&' -]+?)(?=[,.;!?]|\s+(?:and|but|at|i|with|so|because)\b|$)/i,
  /\b([\w&-]+(?:\s+[\w&-]+)?)\s+(?:student|major)\b/i,
];

function findStudies(text: string): string {
  for (const re of STUDIES_RES) {
    const m = re.exec(text);
    if (m?.[1]) {
      const s = m[1].trim().replace(/\s+/g, ' ');
      if (/^(?:a|an|the|new|exchange|international|fellow)$/i.test(s)) continue;
      return s.slice(0, 200);
    }
  }
  return '';
}

/** The reading of one interview answer. Never throws. */
export function parseAnswer(text: string): ParsedAnswer {
  const raw = expandSeries(text.slice(0, 4000));
  const tokens = tokenize(raw);
  const folded = fold(raw);
  return {
    courses: findCourses(raw, tokens),
    languages: findLanguages(tokens),
    modality: findModality(folded),
    availability: parseAvailability(raw, tokens),
    role: findRole(folded),
    hobbies: findHobbies(tokens),
    campus: findCampus(raw),
    studies: findStudies(raw),
  };
}
