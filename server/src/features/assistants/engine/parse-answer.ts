import { HOBBY_TOPICS, LANGUAGE_NAMES, type HobbyTopic } from '@studium/protocol';
import { readAvailability } from './availability';
import { findCourses } from './course-reading';
import { excluded } from './exclusion';
import { Gazetteer } from './gazetteer';
import { HOBBY_SYNONYMS } from './lexicon';
import { findModality } from './modality';
import { findRole } from './role';
import { standardSpellings } from './spellings';
import { fold, tokenize, type Token } from './text';
import type { ParsedAnswer, ScoredSlot, SlotConfidence } from './types';

/**
 * One interview answer to the structured reading: gazetteers with typo-tolerant matching over
 * wink-nlp tokens, negation from wink-nlp's scopes, availability by its own grammar
 * (availability.ts). The conventions: docs/assistants.md.
 */

/**
 * Every ISO 639-1 language by its English and native names and their aliases in other tongues
 * ('anglais', 'Englisch', 'inglés'): the protocol's table, the one every language field uses, so
 * the interview and the forms know the same names.
 */
// The names as written: the gazetteer folds them as it folds the answer, which keeps the letters
// of scripts whose vowels are marks ('हिन्दी').
const languages = new Gazetteer<string>(
  LANGUAGE_NAMES.map(([name, code]) => [name, code] as [string, string]),
);
const hobbies = new Gazetteer<HobbyTopic>(
  HOBBY_TOPICS.flatMap((h) => [
    [h.replace(/-/g, ' '), h] as [string, HobbyTopic],
    ...HOBBY_SYNONYMS[h].map((s) => [s, h] as [string, HobbyTopic]),
  ]),
);

/** "Calculus I and II" → both courses: the shared name is written out for the second. */
const SERIES_RE =
  /\b(calculus|calc|programming|physics|chemistry|chem|biology|bio|analysis)\s+(i|1|one)\s*(and|&|\/|,|or|\+)\s*(ii|2|two)\b/gi;
export function expandSeries(text: string): string {
  return text.replace(
    SERIES_RE,
    (_m, name: string, a: string, joiner: string, b: string) => `${name} ${a} ${joiner} ${name} ${b}`,
  );
}

/** Words that say a language is meant: a language name misspelled needs one in its sentence. */
const LANGUAGE_TALK = new Set([
  'speak',
  'speek',
  'spk',
  'spoke',
  'speaking',
  'speaks',
  'talk',
  'fluent',
  'fluently',
  'native',
  'language',
  'languages',
  'lang',
  'langs',
  'tongue',
  'bilingual',
  'hablo',
  'habla',
  'parle',
  'parlo',
  'falo',
  'spreche',
  'sprechen',
]);

/** Words before "lang" that make it the English short form: "my native lang", "other langs". */
const LANG_BEFORE = new Set([
  'my',
  'native',
  'first',
  'second',
  'other',
  'any',
  'which',
  'what',
  'both',
  'two',
  '2',
  'fav',
]);

/**
 * "online lang po", "isa lang": Tagalog "lang" (only) after a word is no talk of languages; the
 * English short form stands after "my", "native" and the like, or before a colon.
 */
function tagalogLang(tokens: Token[], k: number): boolean {
  const t = tokens[k]!;
  if (t.norm !== 'lang' && t.norm !== 'langs') return false;
  const prev = tokens[k - 1];
  return !(prev !== undefined && LANG_BEFORE.has(prev.norm)) && tokens[k + 1]?.norm !== ':';
}

/** Where the sentence around a token starts and ends, in tokens. */
function sentenceOf(tokens: Token[], at: number): [number, number] {
  const end = (t: Token) => t.punct && /^[.!?\n]+$/.test(t.norm);
  let a = at;
  while (a > 0 && !end(tokens[a - 1]!)) a--;
  let b = at;
  while (b < tokens.length && !end(tokens[b]!)) b++;
  return [a, b];
}

/** Words that say the student's own command of a language is weak: "my poor English". */
const WEAK_COMMAND = new Set(['poor', 'bad', 'broken', 'weak', 'limited', 'rusty', 'basic']);
const STRONG_COMMAND = new Set(['perfect', 'good', 'great', 'fluent', 'strong']);
/** Words of apology right before "my" and a language: "sorry my English", "pardon my French". */
const EXCUSE = new Set(['sorry', 'excuse', 'pardon', 'forgive', 'apologies', 'apologize', 'apologise']);

/**
 * A language the student excuses themselves for is not one they offer: "sorry for my poor
 * English", "my english for chemistry words is weak", "my English is not perfect" ("my" before
 * it, a weak word or a strong one denied right before it or after it in its clause).
 */
function excusedLanguage(tokens: Token[], from: number, to: number): boolean {
  const before = tokens[from - 1];
  if (before && WEAK_COMMAND.has(before.norm) && tokens[from - 2]?.norm === 'my') return true;
  if (before?.norm !== 'my') return false;
  // "Sorry my English", "sorry for my English", "excuse my English": the apology is the excuse.
  const apology = tokens[from - 2]?.norm === 'for' ? tokens[from - 3] : tokens[from - 2];
  if (apology && EXCUSE.has(apology.norm)) return true;
  for (let k = to; k < tokens.length && k < to + 8; k++) {
    const t = tokens[k]!;
    if (t.punct || t.norm === 'but' || t.norm === 'and') return false;
    if (WEAK_COMMAND.has(t.norm)) return tokens[k - 1]?.norm !== 'not';
    // "my English is not perfect", "my French isn't great": a strong word denied is a weak one.
    if (STRONG_COMMAND.has(t.norm) && /^(?:not|n't|isn't|isnt|aint|ain't)$/.test(tokens[k - 1]?.norm ?? ''))
      return true;
  }
  return false;
}

/**
 * "I am Georgian", "I'm Brazilian, I speak Portuguese": a name right after "I am" is where the
 * student is from. Beside languages the answer says are spoken, it is not one of them.
 */
function saidAsOrigin(tokens: Token[], from: number): boolean {
  const be = tokens[from - 1]?.norm;
  return be === "i'm" || be === 'im' || (be === 'am' && tokens[from - 2]?.norm === 'i');
}

/** Words before "at" that make the name after it a workplace. */
const WORK_AT = new Set([
  'work',
  'works',
  'working',
  'job',
  'shift',
  'shifts',
  'employed',
  'cashier',
  'intern',
]);

function findLanguages(tokens: Token[]): string[] {
  const out: string[] = [];
  const origins: string[] = [];
  const found = languages.find(tokens);
  const exactAt = new Set(found.filter((f) => !f.fuzzy).map((f) => f.from));
  for (const f of found) {
    // A misspelled name counts only where languages are talked of: "I speak Englsh", "Yoruba and
    // Englsh"; not "Savannah from Georgia", "free malam" (Malay?), "I'm Amara" (Aymara?).
    if (f.fuzzy) {
      const [a, b] = sentenceOf(tokens, f.from);
      let talk = false;
      for (let k = a; k < b && !talk; k++)
        talk =
          ((LANGUAGE_TALK.has(tokens[k]!.norm) || LANGUAGE_TALK.has(tokens[k]!.lemma)) &&
            !tagalogLang(tokens, k)) ||
          exactAt.has(k);
      if (!talk) continue;
      // The second word of a proper name is no misspelled language: "Hong Kong" (Kongo?), "Costa
      // Rica"; a language name before it ("Yoruba Englsh") is no proper name.
      const before = tokens[f.from - 1];
      if (before?.pos === 'PROPN' && !before.punct && !exactAt.has(f.from - 1)) continue;
    }
    if (excluded(tokens, f, true)) continue;
    if (excusedLanguage(tokens, f.from, f.to)) continue;
    // "work at Ingles", "a job at Deutsche Post": a name right after work "at" is the workplace.
    if (tokens[f.from - 1]?.norm === 'at' && WORK_AT.has(tokens[f.from - 2]?.lemma ?? '')) continue;
    // A capitalised language name is a language; a lower-case "polish" after "to" is a verb.
    if (f.value === 'pl' && tokens[f.from - 1]?.lemma === 'to') continue;
    if (saidAsOrigin(tokens, f.from)) origins.push(f.value);
    else if (!out.includes(f.value)) out.push(f.value);
  }
  return out.length > 0 ? out : [...new Set(origins)];
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

/**
 * Below this confidence a slot is left empty: a wrong answer said with confidence is worse than
 * a question the interview asks next. Chosen on the dev split of the quality corpus.
 */
export const CONFIDENCE_THRESHOLD = 0.5;

/** "&" between words is "and": "Electricity & Magnetism" is the course's name ("E&M" stays one word). */
const SPACED_AMPERSAND = /(?<=\w)\s+&\s+(?=\w)/g;

/** French elisions split off ("l'algèbre" → "l' algèbre") so the name after them is a word. */
const ELISION = /\b(l|d|j|m|n|s|t|qu)'(?=\p{L})/giu;

/** The reading of one answer with each slot's confidence (0 when the slot is empty). Never throws. */
export function readAnswer(text: string): { reading: ParsedAnswer; confidence: SlotConfidence } {
  const raw = standardSpellings(expandSeries(text.slice(0, 4000)))
    .replace(ELISION, "$1' ")
    .replace(SPACED_AMPERSAND, ' and ');
  const tokens = tokenize(raw);
  const folded = fold(raw);
  const role = findRole(folded);
  const courses = findCourses(raw, tokens, {
    offersHelp: role.value === 'tutor' && role.confidence >= 0.5,
    asksHelp: role.value === 'tutoree' && role.confidence >= 0.5,
  });
  const languagesRead = findLanguages(tokens);
  const modality = findModality(folded);
  const availability = readAvailability(raw, tokens);
  return {
    reading: {
      courses: courses.value,
      languages: languagesRead,
      modality: modality.value,
      availability: availability.windows,
      role: role.value,
      hobbies: findHobbies(tokens),
      campus: findCampus(raw),
      studies: findStudies(raw),
    },
    confidence: {
      courses: Math.max(0, ...courses.confidence),
      languages: languagesRead.length > 0 ? 0.9 : 0,
      modality: modality.confidence,
      availability: availability.confidence,
      role: role.confidence,
    },
  };
}

/** The slots read with less confidence than the threshold, left empty for the interview to ask. */
export function parseAnswer(text: string): ParsedAnswer {
  const { reading, confidence } = readAnswer(text);
  const unsure = (slot: ScoredSlot) => confidence[slot] < CONFIDENCE_THRESHOLD;
  return {
    ...reading,
    courses: unsure('courses') ? [] : reading.courses,
    languages: unsure('languages') ? [] : reading.languages,
    modality: unsure('modality') ? null : reading.modality,
    availability: unsure('availability') ? [] : reading.availability,
    role: unsure('role') ? null : reading.role,
  };
}
