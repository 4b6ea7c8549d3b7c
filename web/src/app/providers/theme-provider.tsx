import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { STORAGE_KEYS } from '@studium/protocol';
import { getCsrf } from '../../features/auth/api/get-csrf';
import { useSession } from '../../features/auth/hooks/use-session';
import { getDarkmode } from '../../features/profile/api/get-darkmode';
import { setDarkmode } from '../../features/profile/api/set-darkmode';
import { readDarkmode, writeDarkmode } from '../../lib/storage';
import { applyTheme, effectiveDarkmode, watchSystemTheme } from '../../lib/theme';

interface ThemeContextValue {
  isDark: boolean;
  /** A user's change: stored locally, applied, and sent to the server when logged in. */
  setDark: (enabled: boolean) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

/**
 * Dark mode (docs/profile.md): the user's local choice first, else the system's preference; the
 * server's stored choice, once read, replaces a different local one.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [isDark, setIsDark] = useState(effectiveDarkmode);
  const { isAuthenticated, username } = useSession();
  // Bumped on every user change so a slower server read never overrides a fresh choice.
  const changeCounter = useRef(0);

  useEffect(() => {
    if (!isAuthenticated) return;
    let cancelled = false;
    const startedAt = changeCounter.current;
    void (async () => {
      await getCsrf();
      try {
        const { darkmode_enabled: server } = await getDarkmode();
        if (cancelled || startedAt !== changeCounter.current) return;
        if (typeof server === 'boolean' && server !== readDarkmode()) {
          // Replace the local value without sending it back.
          writeDarkmode(server);
          applyTheme(server);
          setIsDark(server);
        }
      } catch {
        /* silent: the app works on without it */
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [isAuthenticated, username]);

  // Keep several tabs of the app in step.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEYS.darkmode) return;
      const next = effectiveDarkmode();
      applyTheme(next);
      setIsDark(next);
    };
    window.addEventListener('storage', onStorage);
    // Until the user picks a theme themselves, the system's preference is followed live.
    const stopWatching = watchSystemTheme(() => {
      if (readDarkmode() !== null) return;
      const next = effectiveDarkmode();
      applyTheme(next);
      setIsDark(next);
    });
    return () => {
      window.removeEventListener('storage', onStorage);
      stopWatching();
    };
  }, []);

  const setDark = useCallback(
    (enabled: boolean) => {
      changeCounter.current += 1;
      writeDarkmode(enabled);
      applyTheme(enabled);
      setIsDark(enabled);
      if (isAuthenticated) setDarkmode(enabled).catch(() => undefined);
    },
    [isAuthenticated],
  );

  const value = useMemo(() => ({ isDark, setDark }), [isDark, setDark]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside <ThemeProvider>');
  return value;
}
