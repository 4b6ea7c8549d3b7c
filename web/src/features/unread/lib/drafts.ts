/** Unsent composer texts, per user and room, kept in this browser until sent or logged out (docs/unread.md). */
const PREFIX = 'studium:draft:';

export const draftKey = (username: string, roomId: number) => `${PREFIX}${username}:${roomId}`;

export function loadDraft(key: string): string {
  try {
    return localStorage.getItem(key) ?? '';
  } catch {
    return ''; // storage blocked: drafts are a convenience only
  }
}

/** Stores the text; an empty one removes the draft. */
export function saveDraft(key: string, text: string) {
  try {
    if (text.trim() === '') localStorage.removeItem(key);
    else localStorage.setItem(key, text);
  } catch {
    // Storage full or blocked: the text stays in the composer for this visit.
  }
}

/** An edit open in a room, kept like a draft (per user and room) until saved or cancelled. */
export interface EditDraft {
  id: number;
  text: string;
}

const editKey = (key: string) => `${key}:edit`;

/** The edit that was being typed in the room of this draft key, if any. */
export function loadEditDraft(key: string): EditDraft | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(editKey(key)) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const { id, text } = stored as Record<string, unknown>;
    return typeof id === 'number' && typeof text === 'string' ? { id, text } : null;
  } catch {
    return null;
  }
}

/** Keeps the edit being typed; null forgets it (saved, cancelled or moved to the message box). */
export function saveEditDraft(key: string, edit: EditDraft | null) {
  try {
    if (edit) localStorage.setItem(editKey(key), JSON.stringify(edit));
    else localStorage.removeItem(editKey(key));
  } catch {
    // Storage full or blocked: the edit stays in the editor for this visit.
  }
}

/**
 * Calls `onChange` with the room's draft whenever another tab of this browser changes it (types,
 * sends, logs out), so every tab of a room shows the one stored draft and closing any of them
 * loses no word. Returns the unsubscribe.
 */
export function watchDraft(key: string, onChange: (text: string) => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // A null key: the storage was cleared.
    if (event.key === key || event.key === null) onChange(loadDraft(key));
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** Forgets every draft in this browser (on logout). */
export function clearAllDrafts() {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) if (key?.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing was stored.
  }
}
