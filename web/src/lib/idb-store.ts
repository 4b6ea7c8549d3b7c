/**
 * A tiny key-value store on IndexedDB for what must outlive a reload (the chat outbox). One
 * database, one object store; keys are strings that start with their owner's prefix, so a prefix
 * lists or clears one user's or one room's entries. IndexedDB may be missing or refused (private
 * windows, disabled storage): every call then resolves as if the store were empty, and callers
 * keep their state in memory for the visit.
 *
 * IndexedDB commits a write some milliseconds after it is asked for, and a reload or a closed tab
 * in between drops it. So every write is first noted in localStorage, which writes at once (see
 * `note`), and the note goes when the write has committed; reading lays the notes over what
 * IndexedDB holds and writes them again (docs/chat.md: Outbox). Values must survive JSON.
 */
const DB_NAME = 'studium';
const STORE = 'kv';

let opening: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    if (typeof indexedDB === 'undefined') return reject(new Error('IndexedDB is unavailable'));
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading the database: let it, and open again next time.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
  });
  // A failed open is tried again on the next call.
  opening.catch(() => (opening = null));
  return opening;
}

/**
 * Runs requests in one transaction; resolves once it commits with what `make`'s returned reader
 * reads of their results.
 */
async function run<T>(mode: IDBTransactionMode, make: (store: IDBObjectStore) => () => T): Promise<T> {
  const db = await openDb();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const read = make(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(read());
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB request failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Every key from `prefix` to the end of its range (`prefix` followed by anything). */
const prefixRange = (prefix: string) => IDBKeyRange.bound(prefix, `${prefix}\uffff`);

/** The write-ahead notes: one localStorage item per key whose last write has not committed yet. */
const NOTE_PREFIX = 'studium:idb-note:';

/** A write not yet committed: the value put, or `deleted` for a delete. */
export type Note = { value: unknown } | { deleted: true };

/** Notes a write before it is asked of IndexedDB; the note as written, or null when storage refused it. */
function note(key: string, value: Note): string | null {
  try {
    const written = JSON.stringify(value);
    localStorage.setItem(NOTE_PREFIX + key, written);
    return written;
  } catch {
    return null;
  }
}

/** The write noted as `written` is done: its note goes, unless a later write noted over it. */
function unnote(key: string, written: string | null) {
  try {
    if (written !== null && localStorage.getItem(NOTE_PREFIX + key) === written) {
      localStorage.removeItem(NOTE_PREFIX + key);
    }
  } catch {
    // Storage blocked: there is no note.
  }
}

/** The notes of the keys that start with `prefix` (all of them for ''). */
function notesUnder(prefix: string): [string, Note][] {
  const found: [string, Note][] = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const item = localStorage.key(i);
      if (!item?.startsWith(NOTE_PREFIX + prefix)) continue;
      try {
        found.push([item.slice(NOTE_PREFIX.length), JSON.parse(localStorage.getItem(item) ?? '') as Note]);
      } catch {
        // Not one of ours after all: ignored.
      }
    }
  } catch {
    // Storage blocked: no notes.
  }
  return found;
}

/**
 * What is kept once the notes lie over what IndexedDB holds: a noted value replaces the stored
 * one, a noted delete removes it. In key order, as IndexedDB lists them.
 */
export function withNotes<T>(stored: [string, T][], notes: [string, Note][]): T[] {
  const kept = new Map(stored);
  for (const [key, pending] of notes) {
    if ('deleted' in pending) kept.delete(key);
    else kept.set(key, pending.value as T);
  }
  return [...kept.keys()].sort().map((key) => kept.get(key)!);
}

/** Stores `value` (anything JSON can write) under `key`. */
export async function idbSet(key: string, value: unknown): Promise<void> {
  const written = note(key, { value });
  try {
    await run('readwrite', (store) => {
      store.put(value, key);
      return () => undefined;
    });
    unnote(key, written);
  } catch {
    // No IndexedDB: the note keeps the value, or it lives in memory only for this visit.
  }
}

export async function idbDelete(key: string): Promise<void> {
  const written = note(key, { deleted: true });
  try {
    await run('readwrite', (store) => {
      store.delete(key);
      return () => undefined;
    });
  } catch {
    // No IndexedDB: nothing is stored there.
  }
  unnote(key, written);
}

/**
 * The values of every key that starts with `prefix`, in key order, the writes still noted
 * included; those are asked of IndexedDB again, so a write a reload cut off is completed.
 */
export async function idbValues<T>(prefix: string): Promise<T[]> {
  const notes = notesUnder(prefix);
  let stored: [string, T][] = [];
  try {
    stored = await run('readonly', (store) => {
      const keys = store.getAllKeys(prefixRange(prefix));
      const values = store.getAll(prefixRange(prefix));
      return () => keys.result.map((key, i): [string, T] => [String(key), values.result[i] as T]);
    });
  } catch {
    // No IndexedDB: only the notes.
  }
  for (const [key, pending] of notes)
    void ('deleted' in pending ? idbDelete(key) : idbSet(key, pending.value));
  return withNotes(stored, notes);
}

/** Forgets everything stored (on logout: it is the user's cached data). */
export async function idbClear(): Promise<void> {
  for (const [key] of notesUnder('')) {
    try {
      localStorage.removeItem(NOTE_PREFIX + key);
    } catch {
      // Storage blocked: there are no notes.
    }
  }
  try {
    await run('readwrite', (store) => {
      store.clear();
      return () => undefined;
    });
  } catch {
    // No storage: nothing was stored.
  }
}
