import { useEffect, useState } from 'react';
import { afterFirstScreen } from '../../../lib/use-after-first-screen';
import type * as Shortcodes from '../../../lib/emoji-shortcodes';
import {
  findCompletedShortcode,
  findShortcodeTrigger,
  replaceRange,
  type ShortcodeTrigger,
} from '../lib/shortcodes';

// The shortcode table is a chunk of its own, loaded once the browser is idle after the composer has
// rendered, or at once when something is typed (no first screen waits for it).
let table: typeof Shortcodes | null = null;
let loading: Promise<typeof Shortcodes> | null = null;
function loadTable(): Promise<typeof Shortcodes> {
  return (loading ??= import('../../../lib/emoji-shortcodes').then((m) => (table = m)));
}

/** An edit of the composer's text: the new text and where the caret goes. */
export interface TextEdit {
  text: string;
  caret: number;
}

/**
 * Emoji shortcodes in the composer (docs/chat.md): `:ta` suggests matching emoji, a completed
 * `:tada:` becomes 🎉. Suggestions move with the arrow keys like the mention suggestions.
 */
export function useShortcodePicker() {
  const [loaded, setLoaded] = useState(table);
  const [trigger, setTrigger] = useState<ShortcodeTrigger | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    const load = () =>
      void loadTable().then(
        (m) => live && setLoaded(m),
        () => undefined,
      );
    const cancel = typing ? (load(), undefined) : afterFirstScreen(load);
    return () => {
      live = false;
      cancel?.();
    };
  }, [loaded, typing]);
  const matches =
    trigger && loaded && dismissed !== trigger.start ? loaded.searchShortcodes(trigger.query) : [];

  return {
    open: matches.length > 0,
    matches,
    active: Math.min(active, Math.max(0, matches.length - 1)),
    /** After every change of text or caret; a just completed `:code:` comes back as its emoji. */
    track(prevText: string, nextText: string, caret: number): TextEdit | null {
      const typed = nextText.length > prevText.length;
      if (!loaded && !typing) setTyping(true);
      const done = typed && loaded ? findCompletedShortcode(nextText, caret, loaded.EMOJI_SHORTCODES) : null;
      const next = done ? null : findShortcodeTrigger(nextText, caret);
      if (next?.start !== trigger?.start || next?.query !== trigger?.query) setActive(0);
      setTrigger(next);
      return done ? replaceRange(nextText, done.start, caret, done.emoji) : null;
    },
    move(delta: number) {
      setActive((i) => (matches.length ? (i + delta + matches.length) % matches.length : 0));
    },
    dismiss() {
      if (trigger) setDismissed(trigger.start);
    },
    /** The text with the typed `:ta` replaced by the picked emoji. */
    pick(text: string, caret: number, index: number): TextEdit | null {
      const match = matches[index];
      if (!trigger || !match) return null;
      setTrigger(null);
      return replaceRange(text, trigger.start, caret, match.emoji);
    },
  };
}
