import { useEffect, useRef, useState } from 'react';
import { LIMITS, PRESENCE_LIMITS, presenceSocketFrame, WS_CLOSE } from '@studium/protocol';
import { openLiveSocket } from '../../../lib/live-socket';
import { socketUrl } from '../../../lib/socket-url';

/**
 * Whether each of `usernames` is online, live (docs/presence.md). A presence socket is open only
 * while a screen shows users: opening it subscribes, closing it unsubscribes. The list is part of
 * the socket's address, so a new list opens a new socket. `onProfileChanged` hears when what
 * others see of a watched user's profile has changed (a screen showing it reads it again), and
 * when the socket's first frame arrives, on each (re)connection: a change made before the socket
 * watched reached no one, so what the screen read before may be stale. `recheckOnOpen: false`
 * leaves out the first connection of each list (a screen that has just read what it shows, with
 * many users, such as the chat's authors); a reconnection still rechecks them all.
 */
export function usePresence(
  usernames: readonly string[],
  {
    onProfileChanged,
    recheckOnOpen = true,
  }: { onProfileChanged?: (username: string) => void; recheckOnOpen?: boolean } = {},
): Record<string, boolean> {
  const key = [...new Set(usernames.filter(Boolean))].sort().slice(0, PRESENCE_LIMITS.watchMax).join(',');
  const [online, setOnline] = useState<{ key: string; users: Record<string, boolean> }>({ key, users: {} });
  const profileChanged = useRef(onProfileChanged);
  useEffect(() => {
    profileChanged.current = onProfileChanged;
  });

  useEffect(() => {
    if (!key) return;
    let watching = false;
    let connections = 0;
    const socket = openLiveSocket({
      url: socketUrl(`/ws/presence/?users=${encodeURIComponent(key)}`, window.location),
      schema: presenceSocketFrame,
      name: 'Presence',
      onFrame: (frame) => {
        if ('error' in frame) return;
        if (frame.type === 'profile_changed') return profileChanged.current?.(frame.username);
        if (!watching) {
          watching = true;
          connections += 1;
          if (recheckOnOpen || connections > 1)
            for (const username of key.split(',')) profileChanged.current?.(username);
        }
        const changes = frame.online;
        setOnline((prev) => ({ key, users: { ...(prev.key === key ? prev.users : {}), ...changes } }));
      },
      onClose: (event) => {
        watching = false;
        // Until it is back, nobody is shown online rather than stale dots.
        setOnline({ key, users: {} });
        return event.code === WS_CLOSE.notLoggedIn ? null : LIMITS.chatReconnectMs;
      },
    });
    return socket.stop;
  }, [key, recheckOnOpen]);

  return online.key === key ? online.users : {};
}
