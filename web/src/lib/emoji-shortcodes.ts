import fullDefs from 'markdown-it-emoji/lib/data/full.mjs';

/**
 * Every shortcode the app knows (`:tada:`, `:+1:`, `:thumbsup:`, …): the full set of
 * markdown-it-emoji, which renders them. The message renderer (markdown-emoji.ts) and the
 * composer's suggestions read this one table, so what the composer offers is what messages show.
 */
export const EMOJI_SHORTCODES: Readonly<Record<string, string>> = fullDefs;

export interface ShortcodeMatch {
  name: string;
  emoji: string;
}

/**
 * Shortcodes matching what was typed: names that start with it first, then names that contain it.
 * Six at most: the list fits without scrolling (its options are reached from the textbox).
 */
export function searchShortcodes(query: string, limit = 6): ShortcodeMatch[] {
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
