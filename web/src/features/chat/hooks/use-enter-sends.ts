import { useSyncExternalStore } from 'react';

/**
 * Phones and tablets: the primary pointer is a finger (docs/chat.md, "The composer"). The width is
 * not asked: a narrow desktop window still has a keyboard whose Enter should send.
 */
const TOUCH_FIRST = '(pointer: coarse)';

const query = () => (typeof window.matchMedia === 'function' ? window.matchMedia(TOUCH_FIRST) : null);

function subscribe(onChange: () => void) {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** Whether Enter sends (desktop) or makes a new line, leaving sending to the button (touch first). */
export function useEnterSends(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !(query()?.matches ?? false),
    () => true,
  );
}
