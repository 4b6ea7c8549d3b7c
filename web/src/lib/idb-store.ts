/**
 * A tiny key-value store on IndexedDB for what must outlive a reload (the chat outbox). One
 * database, one object store; keys are strings that start with their owner's prefix, so a prefix
 * lists or clears one user's or one room's entries. IndexedDB may be missing or refused (private
 * windows, disabled storage): every call then resolves as if the store were empty, and callers
 * keep their state in memory for the visit.
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

/** Runs one request in its own transaction; resolves with its result once the transaction commits. */
async function run<T>(mode: IDBTransactionMode, make: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = make(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB request failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Every key from `prefix` to the end of its range (`prefix` followed by anything). */
const prefixRange = (prefix: string) => IDBKeyRange.bound(prefix, `${prefix}\uffff`);

/** Stores `value` (anything structured-cloneable) under `key`. */
export async function idbSet(key: string, value: unknown): Promise<void> {
  try {
    await run('readwrite', (store) => store.put(value, key));
  } catch {
    // No storage: the value lives in memory only for this visit.
  }
}

export async function idbDelete(key: string): Promise<void> {
  try {
    await run('readwrite', (store) => store.delete(key));
  } catch {
    // No storage: nothing was stored.
  }
}

/** The values of every key that starts with `prefix`, in key order. */
export async function idbValues<T>(prefix: string): Promise<T[]> {
  try {
    return (await run('readonly', (store) => store.getAll(prefixRange(prefix)))) as T[];
  } catch {
    return [];
  }
}

/** Forgets everything stored (on logout: it is the user's cached data). */
export async function idbClear(): Promise<void> {
  try {
    await run('readwrite', (store) => store.clear());
  } catch {
    // No storage: nothing was stored.
  }
}
