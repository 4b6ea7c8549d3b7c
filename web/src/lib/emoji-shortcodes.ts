import fullDefs from 'markdown-it-emoji/lib/data/full.mjs';

/**
 * Every shortcode the app knows (`:tada:`, `:+1:`, `:thumbsup:`, …): the full set of
 * markdown-it-emoji, which renders them. The message renderer (markdown-emoji.ts) and the
 * composer's suggestions read this one table, so what the composer offers is what messages show.
 */
export const EMOJI_SHORTCODES: Readonly<Record<string, string>> = fullDefs;

/** Characters of a shortcode's name. */
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
const TRIGGER = new RegExp(`(?:^|[^\\w:]):(${NAME}{${SHORTCODE_SEARCH_MIN},})$`, 'i');
const COMPLETED = new RegExp(`(?:^|[^\\w:]):(${NAME}+):$`, 'i');

/** Inside inline code or a code fence (an odd number of backticks before the caret). */
const inCode = (before: string) => (before.match(/`/g)?.length ?? 0) % 2 === 1;

/** The shortcode being typed just before the caret (`:ta|`), if any. */
export function findShortcodeTrigger(text: string, caret: number): ShortcodeTrigger | null {
  const before = text.slice(0, caret);
  const match = TRIGGER.exec(before);
  if (!match || inCode(before)) return null;
  const query = match[1]!.toLowerCase();
  return { start: caret - query.length - 1, query };
}

/** A known `:code:` just completed before the caret: where it starts and its emoji. */
export function findCompletedShortcode(text: string, caret: number) {
  const before = text.slice(0, caret);
  const match = COMPLETED.exec(before);
  if (!match || inCode(before)) return null;
  const emoji = EMOJI_SHORTCODES[match[1]!.toLowerCase()];
  if (!emoji) return null;
  return { start: caret - match[1]!.length - 2, emoji };
}

export interface ShortcodeMatch {
  name: string;
  emoji: string;
}

/** Shortcodes matching what was typed: names that start with it first, then names that contain it. */
export function searchShortcodes(query: string, limit = 8): ShortcodeMatch[] {
  const q = query.toLowerCase();
  const starts: ShortcodeMatch[] = [];
  const contains: ShortcodeMatch[] = [];
  for (const [name, emoji] of Object.entries(EMOJI_SHORTCODES)) {
    if (name.startsWith(q)) starts.push({ name, emoji });
    else if (contains.length < limit && name.includes(q)) contains.push({ name, emoji });
  }
  starts.sort((a, b) => a.name.length - b.name.length || a.name.localeCompare(b.name));
  return [...starts, ...contains].slice(0, limit);
}

/** Replaces `text[start, caret)` with `insert`; returns the new text and the caret after it. */
export function replaceRange(text: string, start: number, caret: number, insert: string) {
  return { text: `${text.slice(0, start)}${insert}${text.slice(caret)}`, caret: start + insert.length };
}
