/**
 * Characters a file name must never carry, because a reader cannot see them but they change
 * what the reader sees (docs/attachments.md, "Names"): every invisible format character —
 * the bidirectional embeddings, overrides, isolates and marks (U+202A–U+202E, U+2066–U+2069,
 * U+200E, U+200F, U+061C) that make `invoice\u202Efdp.txt` read as `invoicetxt.pdf`, the
 * zero-width characters, the byte order mark, the tag characters —, line and paragraph
 * separators, and the letters and marks that draw nothing (Hangul fillers, the combining
 * grapheme joiner, Khmer's inherent vowels).
 */
// (The combining marks stand outside the class: they would seem to combine with its brackets.)
const INVISIBLE = /[\p{Cf}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0]|\u034f|\u17b4|\u17b5/gu;
// Half of a surrogate pair without its other half: no character at all.
const LONE_SURROGATE = /\p{Cs}/gu;
// C0 and C1 controls: shown as '_' where they stood, as they always were.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * A file name as it may be stored and shown: controls become '_', invisible characters go, and
 * lone surrogates become U+FFFD. The one rule for every name that reaches a reader — stored at
 * upload, and again wherever a name leaves the server (API answers, Content-Disposition, the
 * data export), so a name stored before the rule existed is shown safely too.
 */
export function visibleFileName(name: string): string {
  return name.replace(LONE_SURROGATE, '\ufffd').replace(INVISIBLE, '').replace(CONTROL, '_');
}
