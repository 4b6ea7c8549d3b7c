import { STORAGE_KEYS } from '@studium/protocol';

// Storage can throw (private mode, quota, disabled cookies); the app must keep working without it.
function safeGet(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* ignored: preference simply is not persisted */
  }
}

/** Parses the stored dark-mode flag: '1' on, '0' off, anything else means no preference. */
export function parseDarkmode(raw: string | null): boolean | null {
  if (raw === '1') return true;
  if (raw === '0') return false;
  return null;
}

export function readDarkmode(): boolean | null {
  return parseDarkmode(safeGet(STORAGE_KEYS.darkmode));
}

export function writeDarkmode(enabled: boolean): void {
  safeSet(STORAGE_KEYS.darkmode, enabled ? '1' : '0');
}

export function readStoredUsername(): string | null {
  return safeGet(STORAGE_KEYS.username);
}

export function writeStoredUsername(username: string): void {
  safeSet(STORAGE_KEYS.username, username);
}

/** The tutoring role last chosen on this device (docs/matchmaking.md). */
export function readStoredTutoringRole(): string | null {
  return safeGet(STORAGE_KEYS.tutoringRole);
}

export function writeStoredTutoringRole(role: string): void {
  safeSet(STORAGE_KEYS.tutoringRole, role);
}

export function clearStoredUsername(): void {
  safeSet(STORAGE_KEYS.username, null);
}
