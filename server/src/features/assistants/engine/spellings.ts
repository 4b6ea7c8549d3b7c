/**
 * Spellings that students type for ordinary English words, written back in the standard spelling
 * before an answer is read, so every reader (courses, role, modality, availability) sees the same
 * words: Scots ("tae" to, "fae" from, "wi'" with, "cannae", "dinnae"), Jamaican and Caribbean
 * ("wid" with, "fi" for, "pon" on, "inna" in, "cyaan" can't), Pidgin ("I fit teach" I can teach,
 * "wey dey" who are), dropped g's ("mornin'"), and a day
 * written with an apostrophe ("Tuesday's" for Tuesdays). Only words that cannot be read otherwise
 * in an English answer are changed, and those that are also names ("Tae", "Inna") only in lower case.
 * docs/assistants.md, "Reading an interview answer".
 */
const SPELLINGS: ReadonlyArray<[RegExp, string]> = [
  // A day with an apostrophe before its s is the plural students mean: "free Tuesday's and Thursday's".
  [/\b(mon|tues|wednes|thurs|fri|satur|sun)day['’]s\b/gi, '$1days'],
  // Scots.
  [/\btae\b(?!-)/g, 'to'],
  [/\bfae\b(?!-)/g, 'from'],
  [/\bwi'(?=\s)|\bwi\b(?![-']| ?fi\b)/gi, 'with'],
  [/\bcannae\b|\bcanna\b/gi, 'cannot'],
  [/\bdinnae\b|\bdinna\b/gi, 'do not'],
  [/\bdae\b/gi, 'do'],
  [/\baw (?=(?:week|day|weekend|the)\b)/gi, 'all '],
  [/\bah(?= (?:can|could|cannot|am|will|need|want|dunno|think)\b)/gi, 'I'],
  [/\bah'm\b/gi, "I'm"],
  [/\bma (?=(?:notes|exams?|classes|lectures?|schedule|shifts?|work)\b)/g, 'my '],
  // Jamaican and Caribbean English.
  [/\bwid\b/g, 'with'],
  [/\bfi (?=(?:mi|me|econ|\w+ (?:class|course|exam)))/gi, 'for '],
  [/\bpon\b/g, 'on'],
  [/\binna\b/g, 'in'],
  [/\bcyaan\b|\bkyaan\b/gi, "can't"],
  // "Tuesdays an Thursdays": "an" before a day is never the article.
  [/ an (?=(?:mon|tues?|wed|thurs?|fri|sat|sun)\w*\b)/gi, ' and '],
  // Nigerian and Ghanaian Pidgin: "I fit teach anybody wey dey struggle".
  [/\bfit (?=(?:teach|help|explain|tutor|do|come|meet|show|join)\b)/g, 'can '],
  [/\bwey dey\b/g, 'who are'],
  // A dropped g: "mornin'", "evenin'", "nothin'".
  // Not a possessive: "Kevin's", "my cousin's" keep their s.
  [/\b([a-z]{2,})in'(?=[\s.,!?;:)]|$)/gi, '$1ing'],
  // London: "link wiv a tutor".
  [/\bwiv\b/g, 'with'],
];

export function standardSpellings(text: string): string {
  let out = text;
  for (const [re, to] of SPELLINGS) out = out.replace(re, to);
  return out;
}
