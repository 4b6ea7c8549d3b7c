/**
 * Inline math between single dollars, `$x^2$`, with the rule that keeps prices and shell variables
 * text (docs/chat.md, "Math"):
 * - the opening `$` is followed by a character that is not a space, and not preceded by a letter,
 *   a digit or a backslash (`US$5`, `\$`);
 * - the formula ends at the next unescaped `$` on the same line, and only if that `$` follows a
 *   character that is not a space and is not followed by a digit; otherwise nothing here is math.
 * So in "it costs $5 and $10" the second `$` follows a space: text. In "$5-$10" it is followed by
 * a digit: text. "$x^2$" and "the $n$th term" are math.
 */
export function findDollarMath(
  src: string,
  pos: number,
  maxLength: number,
): { tex: string; end: number } | null {
  if (src[pos] !== '$' || src[pos + 1] === '$') return null;
  const before = src[pos - 1];
  if (before !== undefined && /[\p{L}\p{N}\\$]/u.test(before)) return null;
  const first = src[pos + 1];
  if (first === undefined || /\s/.test(first)) return null;
  let close = pos + 1;
  for (;;) {
    close = src.indexOf('$', close);
    if (close < 0) return null;
    if (src[close - 1] !== '\\') break;
    close += 1;
  }
  const tex = src.slice(pos + 1, close);
  if (tex.includes('\n') || tex.length > maxLength) return null;
  if (/\s/.test(src[close - 1]!)) return null;
  const after = src[close + 1];
  if (after !== undefined && /[0-9$]/.test(after)) return null;
  return { tex, end: close + 1 };
}
