import type { KeyboardEvent } from 'react';

/** A suggestion list open under the caret: how its keys act. */
export interface OpenSuggestions {
  move: (delta: number) => void;
  pickActive: () => void;
  dismiss: () => void;
}

interface ComposerKeys {
  /** The suggestion list open now, if any (it takes the arrows, Enter, Tab and Escape). */
  suggestions: OpenSuggestions | null;
  /** Desktop: Enter sends. Touch first: Enter makes a new line and Send sends (docs/chat.md). */
  enterSends: boolean;
  /** Escape: leaves edit or reply mode; false when there was nothing to leave. */
  onEscape: () => boolean;
  /** ArrowUp in an empty input: edits the last own message; false when it does not apply. */
  onArrowUp: () => boolean;
  submit: () => void;
}

/** The composer's keyboard: suggestions first, then Escape, ArrowUp and Enter. */
export function composerKeyDown(event: KeyboardEvent<HTMLTextAreaElement>, keys: ComposerKeys) {
  if (event.nativeEvent.isComposing) return;
  const { suggestions } = keys;
  if (suggestions && !event.shiftKey) {
    const actions: Record<string, () => void> = {
      ArrowDown: () => suggestions.move(1),
      ArrowUp: () => suggestions.move(-1),
      Enter: suggestions.pickActive,
      Tab: suggestions.pickActive,
      Escape: suggestions.dismiss,
    };
    const action = actions[event.key];
    if (action) {
      event.preventDefault();
      action();
      return;
    }
  }
  const handled =
    event.key === 'Escape'
      ? keys.onEscape()
      : event.key === 'ArrowUp'
        ? keys.onArrowUp()
        : event.key === 'Enter' && (event.ctrlKey || event.metaKey || (keys.enterSends && !event.shiftKey))
          ? (keys.submit(), true)
          : false;
  if (handled) event.preventDefault();
}
