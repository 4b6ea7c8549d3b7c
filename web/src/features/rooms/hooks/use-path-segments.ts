import { useSyncExternalStore } from 'react';
import { segmentsForWidth } from '../lib/room-path';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/**
 * Path segments that fit the current window width (docs/rooms.md), updated on resize. At build
 * time (/home's prerendered frame, whose room tree is still loading) there is no window: a phone's.
 */
export function usePathSegments(): number {
  return useSyncExternalStore(
    subscribe,
    () => segmentsForWidth(window.innerWidth),
    () => segmentsForWidth(360),
  );
}
