import { useCallback, useState } from 'react';
import type { SidebarSectionKey } from '../lib/my-rooms';

const storageKey = (username: string) => `studium:sidebar-collapsed:${username}`;
const SECTIONS: readonly SidebarSectionKey[] = ['rooms', 'direct', 'group'];

// Storage can throw (private mode, quota): the sections then simply start open.
function readCollapsed(username: string): SidebarSectionKey[] {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(storageKey(username)) ?? '[]');
    return Array.isArray(raw) ? SECTIONS.filter((key) => raw.includes(key)) : [];
  } catch {
    return [];
  }
}

function writeCollapsed(username: string, collapsed: SidebarSectionKey[]): void {
  try {
    window.localStorage.setItem(storageKey(username), JSON.stringify(collapsed));
  } catch {
    /* not persisted */
  }
}

/** Which sidebar sections the user folded, remembered per user in this browser (docs/rooms.md). */
export function useCollapsedSections(username: string) {
  const [collapsed, setCollapsed] = useState(() => readCollapsed(username));
  const toggle = useCallback(
    (key: SidebarSectionKey) =>
      setCollapsed((old) => {
        const next = old.includes(key) ? old.filter((k) => k !== key) : [...old, key];
        writeCollapsed(username, next);
        return next;
      }),
    [username],
  );
  return { isCollapsed: (key: SidebarSectionKey) => collapsed.includes(key), toggle };
}
