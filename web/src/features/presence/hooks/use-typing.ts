import { useCallback, useEffect, useRef, useState } from 'react';
import {
  clearTyping,
  expireTyping,
  nextExpiryIn,
  noteTyping,
  shouldSendTyping,
  type TypingState,
} from '../lib/typing-state';

/**
 * Who is typing in the open room (docs/presence.md): `onTyping` on each `typing` frame,
 * `onMessage` when a typist's message arrives; each entry also goes away by itself.
 */
export function useTypingIndicator(me: string | null) {
  const [state, setState] = useState<TypingState>(() => new Map());

  useEffect(() => {
    const wait = nextExpiryIn(state, Date.now());
    if (wait === null) return;
    const timer = setTimeout(() => setState((s) => expireTyping(s, Date.now())), wait + 1);
    return () => clearTimeout(timer);
  }, [state]);

  const onTyping = useCallback(
    (username: string) => {
      if (username !== me) setState((s) => noteTyping(s, username, Date.now()));
    },
    [me],
  );
  const onMessage = useCallback((username: string) => setState((s) => clearTyping(s, username)), []);
  const reset = useCallback(() => setState(new Map()), []);

  return { names: [...state.keys()], onTyping, onMessage, reset };
}

/**
 * The composer's side: `notify` on each keystroke sends `typing` at most every few seconds, and
 * never when the user turned presence off (the server drops those frames anyway). `reset` after a
 * send: the next message's first keystroke is news again.
 */
export function useTypingSender(send: () => void, isEnabled: boolean) {
  const lastSent = useRef<number | null>(null);
  const notify = useCallback(() => {
    if (!isEnabled) return;
    const now = Date.now();
    if (!shouldSendTyping(lastSent.current, now)) return;
    lastSent.current = now;
    send();
  }, [send, isEnabled]);
  const reset = useCallback(() => {
    lastSent.current = null;
  }, []);
  return { notify, reset };
}
