import { useEffect, useState } from 'react';
import { LIMITS, PRESENCE_LIMITS, presenceSocketFrame, WS_CLOSE } from '@studium/protocol';
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
    let disposed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current: WebSocket | null = null;
    const connect = () => {
      const ws = new WebSocket(socketUrl(`/ws/presence/?users=${encodeURIComponent(key)}`, window.location));
      current = ws;
      ws.onmessage = (event) => {
        if (disposed || typeof event.data !== 'string') return;
        let json: unknown;
        try {
          json = JSON.parse(event.data);
        } catch {
          return;
        }
        const frame = presenceSocketFrame.safeParse(json);
        if (!frame.success || 'error' in frame.data) return;
        const changes = frame.data.online;
        setOnline((prev) => ({ key, users: { ...(prev.key === key ? prev.users : {}), ...changes } }));
      };
      ws.onclose = (event) => {
        if (disposed) return;
        // Until it is back, nobody is shown online rather than stale dots.
        setOnline({ key, users: {} });
        if (event.code === WS_CLOSE.notLoggedIn) return;
        timer = setTimeout(connect, LIMITS.chatReconnectMs);
      };
    };
    connect();
    return () => {
      disposed = true;
      clearTimeout(timer);
      const ws = current;
      if (!ws) return;
      if (ws.readyState === WebSocket.CONNECTING) ws.onopen = () => ws.close(1000);
      else ws.close(1000);
    };
  }, [key]);

  return online.key === key ? online.users : {};
}
