import { useSyncExternalStore } from 'react';

// Whether the phone drawer of the sidebar is open. The button that opens it sits in the navbar and
// the drawer in the screen's layout, two trees apart: they share this one value.
let open = false;
const listeners = new Set<() => void>();

export function setSidebarDrawerOpen(next: boolean): void {
  if (next === open) return;
  open = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The drawer's state, re-rendering its readers when it changes. */
export function useSidebarDrawerOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}
