import { useEffect, useSyncExternalStore } from 'react';
import { WifiOff } from 'lucide-react';
import { useSessionQuery } from '../features/auth/api/get-session';
import { NetworkError } from '../lib/api-client';

export const OFFLINE_TEXT = 'You are offline. Reconnecting…';
/** How often the session is asked again while the server cannot be reached. */
const RECONNECT_MS = 3000;

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;

/**
 * Shown while the browser is offline or the server cannot be reached (the session call failed
 * without an answer). The app shell itself comes from the service worker. While unreachable the
 * session is asked again every few seconds; once it answers, the banner goes away.
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  const session = useSessionQuery();
  const unreachable = session.isError && session.error instanceof NetworkError;
  const { refetch } = session;
  useEffect(() => {
    if (!unreachable) return;
    const timer = setInterval(() => void refetch(), RECONNECT_MS);
    return () => clearInterval(timer);
  }, [unreachable, refetch]);
  if (online && !unreachable) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 border-b border-border bg-surface-2 px-4 py-2 text-sm text-fg"
    >
      <WifiOff aria-hidden="true" className="size-4" />
      {OFFLINE_TEXT}
    </div>
  );
}
