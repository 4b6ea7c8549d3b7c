import { readDarkmode } from './storage';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Applies or removes the `dark` class on the document root (docs/profile.md). */
export function applyTheme(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark);
}

/** The system's (OS or browser) dark preference. */
export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** The user's own choice when they made one, else the system's preference (docs/profile.md). */
export function effectiveDarkmode(): boolean {
  return readDarkmode() ?? systemPrefersDark();
}

/** Calls `onChange` when the system preference flips; returns the unsubscribe. */
export function watchSystemTheme(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
