import { useEffect, useState } from 'react';
import { LIMITS, PRESENCE_LIMITS, presenceSocketFrame, WS_CLOSE } from '@studium/protocol';
import { openLiveSocket } from '../../../lib/live-socket';
import { socketUrl } from '../../../lib/socket-url';

/**
 * Whether each of `usernames` is online, live (docs/presence.md). A presence socket is open only
 * while a screen shows users: opening it subscribes, closing it unsubscribes. The list is part of
 * the socket's address, so a new list opens a new socket.
 */
export function usePresence(usernames: readonly string[]): Record<string, boolean> {
  const key = [...new Set(usernames.filter(Boolean))].sort().slice(0, PRESENCE_LIMITS.watchMax).join(',');
  const [online, setOnline] = useState<{ key: string; users: Record<string, boolean> }>({ key, users: {} });

  useEffect(() => {
    if (!key) return;
    const socket = openLiveSocket({
      url: socketUrl(`/ws/presence/?users=${encodeURIComponent(key)}`, window.location),
      schema: presenceSocketFrame,
      name: 'Presence',
      onFrame: (frame) => {
        if ('error' in frame) return;
        const changes = frame.online;
        setOnline((prev) => ({ key, users: { ...(prev.key === key ? prev.users : {}), ...changes } }));
      },
      onClose: (event) => {
        // Until it is back, nobody is shown online rather than stale dots.
        setOnline({ key, users: {} });
        return event.code === WS_CLOSE.notLoggedIn ? null : LIMITS.chatReconnectMs;
      },
    });
    return socket.stop;
  }, [key]);

  return online.key === key ? online.users : {};
}
