import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanName } from './attachment-processing';
import { visibleFileName } from './file-name';

// Every character that must never survive in a shown name, by what it does.
const BIDI = [
  ...'\u202a\u202b\u202c\u202d\u202e', // embeddings, overrides and their pop
  ...'\u2066\u2067\u2068\u2069', // isolates
  ...'\u200e\u200f\u061c', // left-to-right, right-to-left and Arabic letter marks
];
const INVISIBLE = [...'\u200b\u200c\u200d\u2060\ufeff\u00ad\u2028\u2029\u3164\u034f', '\u{e0041}'];
const CONTROLS = [...'\u0000\u0007\u001b\u007f\u0085\u009b'];
const FORBIDDEN = [...BIDI, ...INVISIBLE, ...CONTROLS];

/** Names mixing ordinary text (any script, emoji) with the characters to remove. */
const hostileName = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 8 }),
      fc.constantFrom(...FORBIDDEN),
      fc.constantFrom('.txt', '.pdf', '/', '\\', ' '),
    ),
    { maxLength: 20 },
  )
  .map((parts) => parts.join(''));

/** Any code points at all, lone surrogates included. */
const anyCodePoints = fc
  .array(fc.integer({ min: 0, max: 0x10ffff }), { maxLength: 60 })
  .map((points) => String.fromCodePoint(...points));

const hasForbidden = (name: string) =>
  FORBIDDEN.some((c) => name.includes(c)) || /\p{Cc}|\p{Cf}|\p{Cs}/u.test(name);

describe('visibleFileName', () => {
  it('shows an overridden name as what it is', () => {
    expect(visibleFileName('invoice\u202efdp.txt')).toBe('invoicefdp.txt');
    expect(visibleFileName('\u2067photo\u2069 \u200fgpj.exe')).toBe('photo gpj.exe');
    expect(visibleFileName('tab\there\u0000')).toBe('tab_here_');
  });

  it('keeps every letter, digit, mark and emoji a reader can see', () => {
    expect(visibleFileName('Zürich – 東京 😀 résumé.pdf')).toBe('Zürich – 東京 😀 résumé.pdf');
  });

  it('leaves no control, invisible format character or lone surrogate in any name', () => {
    fc.assert(
      fc.property(fc.oneof(hostileName, anyCodePoints), (name) => {
        expect(hasForbidden(visibleFileName(name))).toBe(false);
      }),
    );
  });

  it('is idempotent, and changes nothing in a name that is already clean', () => {
    fc.assert(
      fc.property(hostileName, (name) => {
        const once = visibleFileName(name);
        expect(visibleFileName(once)).toBe(once);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 60 }), (name) => {
        fc.pre(!hasForbidden(name));
        expect(visibleFileName(name)).toBe(name);
      }),
    );
  });

  it('is the rule of stored names: cleanName never keeps a forbidden character', () => {
    fc.assert(
      fc.property(hostileName, fc.constantFrom('txt', 'pdf', 'webp'), (name, ext) => {
        const stored = cleanName(name, ext);
        expect(hasForbidden(stored)).toBe(false);
        expect(stored.endsWith(`.${ext}`)).toBe(true);
      }),
    );
  });
});
