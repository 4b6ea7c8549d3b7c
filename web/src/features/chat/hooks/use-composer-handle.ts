import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';

/** What the room may ask of its composer. */
export interface ComposerHandle {
  /** Puts a refused message's text back when nothing else is being written; false otherwise. */
  takeBack: (text: string) => boolean;
  /**
   * What was last typed in the editor and the message it edits, still there after the editor
   * closed (the room reads it when the message was deleted under the edit); null before any edit.
   */
  lastEdit: () => { id: number; text: string } | null;
  /** Adds text to the message box, after what is there, and focuses it. */
  keep: (text: string) => void;
}

/**
 * The composer's handle (docs/chat.md: Outbox). `takeBack` judges the text as last rendered: a
 * refusal can arrive between renders, and two refusals in a row must not both take the composer.
 */
export function useComposerHandle(
  ref: Ref<ComposerHandle> | undefined,
  draft: string,
  edit: { id: number; text: string } | null,
  restore: (text: string) => void,
) {
  const shown = useRef(draft);
  const lastEdit = useRef(edit);
  useEffect(() => {
    shown.current = draft;
  }, [draft]);
  useEffect(() => {
    if (edit) lastEdit.current = edit;
  }, [edit?.id, edit?.text]); // eslint-disable-line react-hooks/exhaustive-deps -- the pair, not the object
  useImperativeHandle(ref, () => ({
    takeBack: (text) => {
      if (shown.current.trim() !== '') return false;
      shown.current = text;
      restore(text);
      return true;
    },
    lastEdit: () => lastEdit.current,
    keep: (text) => {
      const next = shown.current.trim() === '' ? text : `${shown.current.trimEnd()}\n\n${text}`;
      shown.current = next;
      restore(next);
    },
  }));
}
