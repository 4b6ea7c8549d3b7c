import { useSyncExternalStore } from 'react';

/**
 * Unread notification count. The notification socket (a later feature) writes it with
 * `setUnreadCount`; the navbar reads it. Kept outside React so the socket can update it anywhere.
 */
let unreadCount = 0;
const listeners = new Set<() => void>();

export function setUnreadCount(next: number): void {
  if (next === unreadCount) return;
  unreadCount = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUnreadCount(): number {
  return useSyncExternalStore(subscribe, () => unreadCount);
}
