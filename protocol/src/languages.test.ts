import { describe, expect, it } from 'vitest';
import { intentFields } from './matchmaking';
import { LANGUAGE_CODES, languageCode, normalizeLanguages, readLanguages } from './languages';

describe('languageCode', () => {
  it.each([
    ['English', 'en'],
    ['english', 'en'],
    ['ENGLISH', 'en'],
    ['Spanish', 'es'],
    ['Español', 'es'],
    ['español', 'es'],
    ['espanol', 'es'],
    ['ESPAÑOL', 'es'],
    ['Deutsch', 'de'],
    ['German', 'de'],
    ['Français', 'fr'],
    ['francais', 'fr'],
    ['Italiano', 'it'],
    ['Português', 'pt'],
    ['Nederlands', 'nl'],
    ['Svenska', 'sv'],
    ['Polski', 'pl'],
    ['Türkçe', 'tr'],
    ['Русский', 'ru'],
    ['Українська', 'uk'],
    ['Ελληνικά', 'el'],
    ['العربية', 'ar'],
    ['עברית', 'he'],
    ['हिन्दी', 'hi'],
    ['中文', 'zh'],
    ['Chinese', 'zh'],
    ['Mandarin', 'zh'],
    ['Cantonese', 'zh'],
    ['日本語', 'ja'],
    ['Japanese', 'ja'],
    ['한국어', 'ko'],
    ['Tiếng Việt', 'vi'],
    ['tieng viet', 'vi'],
    ['Kiswahili', 'sw'],
    ['Yorùbá', 'yo'],
    ['Māori', 'mi'],
    ['te reo Māori', 'mi'],
    ['Norsk bokmål', 'nb'],
    ['Norwegian', 'no'],
    ['Scottish Gaelic', 'gd'],
    ['Punjabi', 'pa'],
    ['Panjabi', 'pa'],
    ['Farsi', 'fa'],
    ['Persian', 'fa'],
    ['Filipino', 'tl'],
    ['Castellano', 'es'],
    ['Uyghur', 'ug'],
    ['ئۇيغۇرچە', 'ug'],
    ['  spanish  ', 'es'],
    ['es', 'es'],
    ['EN', 'en'],
    ['pt-BR', 'pt'],
    ['en_US', 'en'],
  ])('reads %j as %s', (name, code) => {
    expect(languageCode(name)).toBe(code);
  });

  it.each(['Klingon', 'Englsh', 'xx', 'en-', 'Elvish', ''])('knows no language called %j', (name) => {
    expect(languageCode(name)).toBeUndefined();
  });

  it('reads every language of the table by its code, its English name and its own name', () => {
    expect(LANGUAGE_CODES.length).toBeGreaterThanOrEqual(183);
    for (const code of LANGUAGE_CODES) expect(languageCode(code.toUpperCase())).toBe(code);
  });
});

describe('names in other languages', () => {
  it('reads the French, Spanish, German, Italian and Portuguese names of the languages students name most', () => {
    const cases: Record<string, string[]> = {
      ar: ['arabe', 'Árabe', 'arabo', 'Arabisch'],
      zh: ['chinois', 'chino', 'Chinesisch', 'cinese', 'chinês'],
      ja: ['japonais', 'japonés', 'Japanisch', 'giapponese'],
      ko: ['coréen', 'coreano', 'Koreanisch'],
      ru: ['russe', 'ruso', 'russo', 'Russisch'],
      tr: ['turc', 'turco', 'Türkisch'],
      el: ['grec', 'griego', 'greco', 'grego'],
      he: ['hébreu', 'hebreo', 'ebraico', 'Hebräisch'],
      fa: ['Persisch'],
      vi: ['vietnamien', 'vietnamita', 'Vietnamesisch'],
      nl: ['néerlandais', 'holandés', 'olandese'],
      pl: ['polonais', 'polaco', 'polacco'],
      ro: ['roumain', 'rumano', 'rumeno', 'romeno'],
      hu: ['hongrois', 'húngaro', 'ungherese'],
      uk: ['ukrainien', 'ucraniano', 'ucraino'],
      sw: ['souahili', 'suajili', 'Suaheli'],
      es: ['spagnolo', 'espanhol'],
      de: ['alemão'],
      fr: ['francese'],
      pt: ['portugais', 'portoghese'],
    };
    for (const [code, names] of Object.entries(cases))
      for (const name of names) expect(languageCode(name), name).toBe(code);
  });
});

describe('readLanguages', () => {
  it('splits on commas and the ways people join names, keeps order, drops repeats', () => {
    expect(readLanguages('English, Spanish')).toEqual({ codes: ['en', 'es'], unknown: [] });
    expect(readLanguages('Deutsch and English / español; EN')).toEqual({
      codes: ['de', 'en', 'es'],
      unknown: [],
    });
    expect(readLanguages('French & Italian + Mandarin or Greek')).toEqual({
      codes: ['fr', 'it', 'zh', 'el'],
      unknown: [],
    });
  });

  it('returns the entries that name no language as typed', () => {
    expect(readLanguages('English, Klingon, , Elvish, Klingon')).toEqual({
      codes: ['en'],
      unknown: ['Klingon', 'Elvish'],
    });
  });

  it('normalizes to codes and keeps an unknown entry for the form to show', () => {
    expect(normalizeLanguages('English, Spanish')).toBe('en,es');
    expect(normalizeLanguages('en,es')).toBe('en,es');
    expect(normalizeLanguages('Español, Klingon')).toBe('es,Klingon');
    expect(normalizeLanguages('')).toBe('');
  });
});

describe('a languages field', () => {
  const base = { course_code: 'cs-101', modality: 'online' };

  it('stores what people type as codes', () => {
    expect(intentFields.parse({ ...base, languages: 'English, Spanish' }).languages).toBe('en,es');
    expect(intentFields.parse({ ...base, languages: 'Deutsch, Mandarin, 日本語' }).languages).toBe(
      'de,zh,ja',
    );
    expect(intentFields.parse(base).languages).toBe('');
  });

  it('refuses a name it does not know, naming it', () => {
    const result = intentFields.safeParse({ ...base, languages: 'English, Klingon' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['languages'],
      message: expect.stringContaining('Unknown language: Klingon.'),
    });
  });
});
