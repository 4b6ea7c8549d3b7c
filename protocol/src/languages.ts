import ISO6391 from 'iso-639-1';
import { z } from 'zod';

/**
 * Language names as people write them, read as ISO 639-1 codes (docs/matchmaking.md#languages).
 * The table is the `iso-639-1` package's: every code with its English name and its own name
 * ('Spanish', 'Español'). A few names people use that the table does not give are aliases below.
 */

/**
 * Names the table lacks, by code: other names in use ('Mandarin', 'Farsi'), transliterations
 * ('Russkiy', 'Nihongo') and the names other languages give them: in French, Spanish, German,
 * Italian and Portuguese for the languages students name most ('Anglais', 'Spanisch', 'árabe',
 * 'chinois', 'coreano'), written without accents (names are folded before they are compared).
 */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  en: ['inglese', 'ingles', 'anglais', 'englisch', 'engels'],
  de: ['allemand', 'aleman', 'tedesco', 'alemao', 'duits'],
  fr: ['francaise', 'franzosisch', 'frances', 'francese'],
  es: ['castilian', 'castellano', 'spanisch', 'espagnol', 'spagnolo', 'espanhol', 'spaans'],
  it: ['italienisch', 'italien'],
  pt: ['brazilian portuguese', 'portugiesisch', 'portugais', 'portoghese'],
  nl: ['flemish', 'vlaams', 'niederlandisch', 'neerlandais', 'holandes', 'olandese', 'hollandisch'],
  sv: ['schwedisch', 'suedois', 'sueco', 'svedese'],
  da: ['danisch'],
  no: ['norwegisch'],
  fi: ['finnisch'],
  pl: ['polnisch', 'polonais', 'polaco', 'polacco'],
  cs: ['tschechisch'],
  sk: ['slovencina'],
  sl: ['slovene'],
  sr: ['srpski'],
  bs: ['bosanski'],
  bg: ['balgarski'],
  ro: ['rumanisch', 'roumain', 'rumano', 'rumeno', 'romeno'],
  hu: ['ungarisch', 'hongrois', 'hungaro', 'ungherese'],
  el: ['ellinika', 'griechisch', 'grec', 'griego', 'greco', 'grego'],
  ru: ['russkiy', 'russisch', 'russe', 'ruso', 'russo'],
  uk: ['ukrainska', 'ukrainien', 'ucraniano', 'ukrainisch', 'ucraino'],
  lt: ['lietuviu'],
  lv: ['latviesu'],
  tr: ['turkisch', 'turc', 'turco'],
  ar: ['arabisch', 'arabe', 'arabo'],
  he: ['ivrit', 'hebreu', 'hebreo', 'ebraico', 'hebraisch'],
  fa: ['farsi', 'persisch'],
  bn: ['bangla'],
  pa: ['punjabi'],
  ur: ['ourdou'],
  sw: ['souahili', 'suajili', 'suaheli'],
  zh: [
    'mandarin',
    'cantonese',
    'putonghua',
    'zhongwen',
    '普通话',
    'chinois',
    'chino',
    'chinesisch',
    'cinese',
    'chines',
  ],
  ja: ['nihongo', 'japonais', 'japones', 'japanisch', 'giapponese'],
  ko: ['hangul', 'hangugeo', 'coreen', 'coreano', 'koreanisch'],
  vi: ['vietnamien', 'vietnamita', 'vietnamesisch'],
  th: ['thailandais', 'tailandes', 'thailandisch', 'tailandese'],
  id: ['bahasa', 'indonesien', 'indonesio', 'indonesisch'],
  tl: ['filipino'],
  si: ['sinhalese'],
  az: ['azeri'],
  gd: ['gaelic'],
  ht: ['haitian creole'],
};

/**
 * Folded for comparison: lower case, accents and invisible marks dropped, spaces collapsed, so
 * 'ESPAÑOL', 'español' and 'espanol' are one name.
 */
export function foldLanguageName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\p{M}\p{Cf}]/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Every name of the table and every alias with its code, as written ('Español', 'हिन्दी'):
 * English names first, then own names, then aliases; the first language to claim a name (folded)
 * keeps it. The one table of language names: the forms and the interview read the same names.
 */
export const LANGUAGE_NAMES: ReadonlyArray<readonly [name: string, code: string]> = (() => {
  const taken = new Set<string>();
  const entries: Array<[string, string]> = [];
  const claim = (name: string, code: string) => {
    const key = foldLanguageName(name);
    if (!key || taken.has(key)) return;
    taken.add(key);
    entries.push([name, code]);
  };
  const codes = ISO6391.getAllCodes();
  for (const code of codes) claim(ISO6391.getName(code), code);
  for (const code of codes) claim(ISO6391.getNativeName(code), code);
  for (const [code, aliases] of Object.entries(ALIASES)) for (const alias of aliases) claim(alias, code);
  return entries;
})();

/** The same names folded, with their codes. */
export const LANGUAGE_NAME_ENTRIES: ReadonlyArray<readonly [name: string, code: string]> = LANGUAGE_NAMES.map(
  ([name, code]) => [foldLanguageName(name), code] as const,
);

/** folded code or name → code. */
const CODE_BY_NAME: ReadonlyMap<string, string> = new Map([
  ...ISO6391.getAllCodes().map((code) => [code, code] as const),
  ...LANGUAGE_NAME_ENTRIES,
]);

/** Every ISO 639-1 code the table knows. */
export const LANGUAGE_CODES: readonly string[] = ISO6391.getAllCodes();

/** 'de' → 'German'; '' for a code the table does not know. */
export const languageName = (code: string): string => ISO6391.getName(code);

/**
 * One language as its code: its code in any case ('EN'), a locale tag ('pt-BR'), its English
 * name, its own name or an alias, accents optional; undefined when it is none of these.
 */
export function languageCode(name: string): string | undefined {
  const folded = foldLanguageName(name);
  const known = CODE_BY_NAME.get(folded);
  if (known) return known;
  const tag = /^([a-z]{2})[-_][a-z0-9]{2,8}$/.exec(folded);
  return tag && ISO6391.validate(tag[1]!) ? tag[1] : undefined;
}

/** A typed list split on commas, semicolons, slashes, '&', '+' and the words 'and' / 'or'. */
const SEPARATORS = /[,;/&+]|\s(?:and|or)\s/i;

/** A typed list read: the codes in order without repeats, and the entries that name no language. */
export function readLanguages(text: string): { codes: string[]; unknown: string[] } {
  const codes: string[] = [];
  const unknown: string[] = [];
  for (const raw of text.split(SEPARATORS)) {
    const entry = raw.trim();
    if (!entry) continue;
    const code = languageCode(entry);
    if (!code) {
      if (!unknown.includes(entry)) unknown.push(entry);
    } else if (!codes.includes(code)) codes.push(code);
  }
  return { codes, unknown };
}

/**
 * A typed list normalized: known languages as codes, each once, joined by commas; an entry that
 * names no language stays as typed, so a form shows it and the schema below refuses it.
 */
export function normalizeLanguages(text: string): string {
  const { codes, unknown } = readLanguages(text);
  return [...codes, ...unknown].join(',');
}

export const LANGUAGE_TEXTS = {
  unknown: (names: string[]) =>
    `Unknown language${names.length === 1 ? '' : 's'}: ${names.join(', ')}. ` +
    `Write a language's name (English, Español) or its two-letter code (en).`,
} as const;

/** A languages field: up to `max` characters typed, stored as codes 'en,es'; unknown names refused. */
export const languagesField = (max: number) =>
  z
    .string()
    .max(max)
    .default('')
    .transform((text, ctx) => {
      const { codes, unknown } = readLanguages(text);
      if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: LANGUAGE_TEXTS.unknown(unknown) });
      return codes.join(',');
    });
