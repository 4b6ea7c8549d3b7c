import { useCallback, useSyncExternalStore } from 'react';

const match = (media: string) =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(media) : null;

/**
 * Whether a CSS media query matches now, following its changes. `fallback` answers where there
 * is nothing to ask: the prerendered frames, and browsers or tests without `matchMedia`.
 */
export function useMediaQuery(media: string, fallback: boolean): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = match(media);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [media],
  );
  return useSyncExternalStore(
    subscribe,
    () => match(media)?.matches ?? fallback,
    () => fallback,
  );
}
