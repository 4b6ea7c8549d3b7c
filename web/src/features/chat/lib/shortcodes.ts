/** Characters of a shortcode's name (the names are lower case, as the renderer matches them). */
const NAME = '[a-z0-9_+-]';

/** The least typed after `:` before suggestions open (`:ta`, like a mention's two characters). */
export const SHORTCODE_SEARCH_MIN = 2;

export interface ShortcodeTrigger {
  /** Index of the opening ':'. */
  start: number;
  /** The name typed so far. */
  query: string;
}

// A `:` that starts a word (not `10:30`, not `http://`), then the name up to the caret.
const TRIGGER = new RegExp(`(?:^|[^\\w:]):(${NAME}{${SHORTCODE_SEARCH_MIN},})$`);
const COMPLETED = new RegExp(`(?:^|[^\\w:]):(${NAME}+):$`);

/** Inside inline code or a code fence: an odd number of backticks before the caret. */
const inCode = (before: string) => (before.match(/`/g)?.length ?? 0) % 2 === 1;

/** The shortcode being typed just before the caret (`:ta|`), if any. */
export function findShortcodeTrigger(text: string, caret: number): ShortcodeTrigger | null {
  const before = text.slice(0, caret);
  const match = TRIGGER.exec(before);
  if (!match || inCode(before)) return null;
  const query = match[1]!;
  return { start: caret - query.length - 1, query };
}

/** A `:code:` of the table completed just before the caret: where it starts and its emoji. */
export function findCompletedShortcode(
  text: string,
  caret: number,
  table: Readonly<Record<string, string>>,
): { start: number; emoji: string } | null {
  const before = text.slice(0, caret);
  const match = COMPLETED.exec(before);
  if (!match || inCode(before)) return null;
  const name = match[1]!;
  const emoji = Object.hasOwn(table, name) ? table[name] : undefined;
  return emoji ? { start: caret - name.length - 2, emoji } : null;
}

/** Replaces `text[start, end)` with `insert`; returns the new text and the caret after the insert. */
export function replaceRange(text: string, start: number, end: number, insert: string) {
  return { text: `${text.slice(0, start)}${insert}${text.slice(end)}`, caret: start + insert.length };
}
