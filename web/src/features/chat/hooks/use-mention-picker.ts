import { useState } from 'react';
import type { Mention } from '@studium/protocol';
import { useUserSearch } from '../../users';
import {
  adjustMentions,
  applyMention,
  findMentionTrigger,
  shouldSearchMentions,
  type MentionTrigger,
} from '../lib/mentions';

/**
 * Mention state of the composer: the typed trigger, suggestions, and the picked mentions. `bot`:
 * the room bot's handle where the room allows it (user search never finds bots); it comes first
 * when the typed handle starts its name.
 */
export function useMentionPicker(me: string | null, bot?: string) {
  const [trigger, setTrigger] = useState<MentionTrigger | null>(null);
  const [mentions, setMentions] = useState<Mention[]>([]);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const searching = shouldSearchMentions(trigger) ? trigger : null;
  const search = useUserSearch(searching?.query ?? null);
  const botMatches = bot && searching && bot.startsWith(searching.query.toLowerCase()) ? [bot] : [];
  const usernames = [...botMatches, ...(search.data ?? []).filter((u) => u !== me && u !== bot)];
  const open = searching !== null && dismissed !== searching.start && usernames.length > 0;

  return {
    open,
    usernames,
    active: Math.min(active, Math.max(0, usernames.length - 1)),
    mentions,
    /** After every change of text or caret. */
    track(prevText: string, nextText: string, caret: number) {
      setMentions((list) => adjustMentions(prevText, nextText, list));
      const next = findMentionTrigger(nextText, caret);
      if (next?.start !== trigger?.start || next?.query !== trigger?.query) setActive(0);
      setTrigger(next);
    },
    move(delta: number) {
      setActive((i) => (usernames.length ? (i + delta + usernames.length) % usernames.length : 0));
    },
    dismiss() {
      if (trigger) setDismissed(trigger.start);
    },
    /** Applies a pick to the text; returns the new text and caret. */
    pick(text: string, caret: number, username: string) {
      if (!trigger) return null;
      const applied = applyMention(text, trigger, caret, username);
      setMentions((list) => [...adjustMentions(text, applied.text, list), applied.mention]);
      setTrigger(null);
      return applied;
    },
    reset() {
      setMentions([]);
      setTrigger(null);
    },
  };
}
