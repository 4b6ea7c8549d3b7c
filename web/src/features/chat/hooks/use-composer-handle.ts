import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';

/** What the room may ask of its composer. */
export interface ComposerHandle {
  /** Puts a refused message's text back when nothing else is being written; false otherwise. */
  takeBack: (text: string) => boolean;
}

/**
 * The composer's handle (docs/chat.md: Outbox). `takeBack` judges the text as last rendered: a
 * refusal can arrive between renders, and two refusals in a row must not both take the composer.
 */
export function useComposerHandle(
  ref: Ref<ComposerHandle> | undefined,
  draft: string,
  restore: (text: string) => void,
) {
  const shown = useRef(draft);
  useEffect(() => {
    shown.current = draft;
  }, [draft]);
  useImperativeHandle(ref, () => ({
    takeBack: (text) => {
      if (shown.current.trim() !== '') return false;
      shown.current = text;
      restore(text);
      return true;
    },
  }));
}
