import { useSyncExternalStore } from 'react';
import { segmentsForWidth } from '../lib/room-path';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** Path segments that fit the current window width (docs/rooms.md), updated on resize. */
export function usePathSegments(): number {
  return useSyncExternalStore(subscribe, () => segmentsForWidth(window.innerWidth));
}
