import { describe, expect, test } from 'vitest';
import { standardSpellings } from './spellings';

describe('standardSpellings', () => {
  test('writes dialect spellings back as the words they stand for', () => {
    expect(standardSpellings('Thursdays fae 2 tae 5, ah can help wi orgo')).toBe(
      'Thursdays from 2 to 5, I can help with orgo',
    );
    expect(standardSpellings('cannae dae weekends, aw week is fine')).toBe(
      'cannot do weekends, all week is fine',
    );
    expect(standardSpellings('help wid calc, Tuesdays an Thursdays work fi mi')).toBe(
      'help with calc, Tuesdays and Thursdays work for mi',
    );
    expect(standardSpellings("free Tuesday's in the mornin'")).toBe('free Tuesdays in the morning');
  });

  test('leaves names, the article and other words alone', () => {
    for (const kept of [
      "I'm Inna, from Kyiv",
      'Tae-yang here, an MA student',
      'Tae here',
      'need the wi fi password',
      'an hour on Monday',
      'ah ok, Monday then',
      "Kevin's notes and my cousin's car",
    ])
      expect(standardSpellings(kept)).toBe(kept);
  });
});
