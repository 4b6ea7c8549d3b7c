import { useId } from 'react';
import { CHAT_TEXTS } from '@studium/protocol';
import type { OpenSuggestions } from '../lib/composer-keys';
import { useMentionPicker } from './use-mention-picker';
import { useShortcodePicker, type TextEdit } from './use-shortcode-picker';

interface Options {
  me: string | null;
  /** The room bot's handle, where the room allows it. */
  bot?: string;
  /** A message is edited: no mentions are picked there (an edit keeps those of the send). */
  editing: boolean;
  /** The text in the input, the draft of a new message, and where the caret is. */
  value: string;
  draft: string;
  caret: () => number;
  /** Puts a picked suggestion into the input. */
  apply: (edit: TextEdit) => void;
}

/**
 * The composer's suggestions under the caret: @mentions (new messages only) and emoji shortcodes,
 * one list at a time, as the list to render and the keys it takes (docs/chat.md).
 */
export function useComposerSuggestions({ me, bot, editing, value, draft, caret, apply }: Options) {
  const mentions = useMentionPicker(me, bot);
  const shortcodes = useShortcodePicker();
  const id = useId();
  const pickMention = (i: number) => {
    const edit = mentions.pick(draft, caret(), mentions.usernames[i] ?? '');
    if (edit) apply(edit);
  };
  const pickEmoji = (i: number) => {
    const edit = shortcodes.pick(value, caret(), i);
    if (edit) apply(edit);
  };
  const list =
    mentions.open && !editing
      ? {
          label: CHAT_TEXTS.composer.mentionSuggestions,
          items: mentions.usernames.map((u) => ({ key: u, content: `@${u}` })),
          active: mentions.active,
          onPick: pickMention,
          move: mentions.move,
          dismiss: mentions.dismiss,
        }
      : shortcodes.open
        ? {
            label: CHAT_TEXTS.composer.emojiSuggestions,
            items: shortcodes.matches.map((m) => ({ key: m.name, content: `${m.emoji} :${m.name}:` })),
            active: shortcodes.active,
            onPick: pickEmoji,
            move: shortcodes.move,
            dismiss: shortcodes.dismiss,
          }
        : null;
  const keys: OpenSuggestions | null = list && {
    move: list.move,
    dismiss: list.dismiss,
    pickActive: () => list.onPick(list.active),
  };

  return {
    id,
    list,
    keys,
    /** The option the keys are on, for the input's aria-activedescendant. */
    activeId: list ? `${id}-${list.active}` : undefined,
    /** The mentions picked so far (new messages only), and their reset after a send. */
    mentions: mentions.mentions,
    reset: mentions.reset,
    /**
     * After every change of text or caret: follows the typed word, and answers the text to show,
     * with a just completed `:code:` turned into its emoji.
     */
    track(prev: string, next: string, at: number): TextEdit {
      const shown = shortcodes.track(prev, next, at) ?? { text: next, caret: at };
      if (!editing) mentions.track(draft, shown.text, shown.caret);
      return shown;
    },
  };
}
