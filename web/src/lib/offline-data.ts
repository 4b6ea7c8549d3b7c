import { sessionResponse, STORAGE_KEYS, type SessionResponse } from '@studium/protocol';
import { idbClear } from './idb-store';

/**
 * What this browser keeps of a signed-in user for a start without the network
 * (docs/architecture.md: Offline): the last session answer, the service worker's copies of the
 * last API answers, and the chat outbox in IndexedDB. All of it goes on logout, and when another
 * user signs in on this browser.
 */

/** The service worker's cache of API answers (the same name is set in vite-plugins/installable-app.ts). */
export const API_CACHE = 'studium-api';
/** Also read before the first paint, by the boot script (vite-plugins/landing-shell.ts). */
const SESSION_KEY = STORAGE_KEYS.session;
/** Whose data is kept: a different user signing in starts without it. */
const OWNER_KEY = 'studium:offline_owner';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage blocked: nothing is kept, the app simply starts online-only.
  }
}

/** The last session answer of a signed-in user, if it is still a valid one. */
export function rememberedSession(): SessionResponse | null {
  const raw = read(SESSION_KEY);
  if (!raw) return null;
  try {
    const parsed = sessionResponse.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.is_authenticated ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps a signed-in session answer; a logged-out one is forgotten (the server said so). */
export function rememberSession(session: SessionResponse) {
  if (!session.is_authenticated || !session.username) return write(SESSION_KEY, null);
  const owner = read(OWNER_KEY);
  if (owner !== null && owner !== session.username) void forgetOfflineData();
  write(OWNER_KEY, session.username);
  write(SESSION_KEY, JSON.stringify(session));
}

/** Forgets everything kept for a start without the network (logout, another user). */
export async function forgetOfflineData() {
  write(SESSION_KEY, null);
  write(OWNER_KEY, null);
  await Promise.all([
    idbClear(),
    typeof caches === 'undefined' ? undefined : caches.delete(API_CACHE).catch(() => undefined),
  ]);
}
