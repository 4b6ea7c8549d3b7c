import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { LIMITS, roomSocketFrame, WS_CLOSE, type ClientFrame, type RoomSocketFrame } from '@studium/protocol';
import { roomSocketUrl } from '../lib/text';

export type SocketStatus = 'connecting' | 'open' | 'closed';

interface RoomSocketOptions {
  room: string | number;
  enabled: boolean;
  /** Whether to reconnect after an unexpected close (member or publicly readable). */
  canReconnect: boolean;
  onFrame: (frame: RoomSocketFrame) => void;
  /** Called on every open; `reconnected` is true after the first one. */
  onOpen: (reconnected: boolean) => void;
  /** 4001 / 4003: the screen leaves; no reconnect. */
  onRefused: (code: typeof WS_CLOSE.notLoggedIn | typeof WS_CLOSE.noPermission) => void;
}

/** The live connection of a room (docs/chat.md): reconnects 3 s after any close but 4001/4003. */
export function useRoomSocket({
  room,
  enabled,
  canReconnect,
  onFrame,
  onOpen,
  onRefused,
}: RoomSocketOptions) {
  const socketRef = useRef<WebSocket | null>(null);
  const [status, setStatus] = useState<SocketStatus>('connecting');
  const handleFrame = useEffectEvent(onFrame);
  const handleOpen = useEffectEvent(onOpen);
  const handleRefused = useEffectEvent(onRefused);
  const mayReconnect = useEffectEvent(() => canReconnect);

  useEffect(() => {
    if (!enabled) return;
    let disposed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let opens = 0;
    let current: WebSocket | null = null;

    const connect = () => {
      const ws = new WebSocket(roomSocketUrl(room, window.location));
      current = ws;
      setStatus('connecting');
      ws.onopen = () => {
        if (disposed) return;
        socketRef.current = ws;
        setStatus('open');
        handleOpen(opens > 0);
        opens += 1;
      };
      ws.onmessage = (event) => {
        if (typeof event.data !== 'string') return;
        let json: unknown;
        try {
          json = JSON.parse(event.data);
        } catch {
          json = event.data;
        }
        const frame = roomSocketFrame.safeParse(json);
        // A frame the protocol does not know (a server of another version): logged and ignored.
        if (frame.success) handleFrame(frame.data);
        else console.info('Room frame ignored: it does not match the protocol', frame.error.issues);
      };
      ws.onclose = (event) => {
        if (socketRef.current === ws) socketRef.current = null;
        if (disposed) return;
        setStatus('closed');
        if (event.code === WS_CLOSE.notLoggedIn || event.code === WS_CLOSE.noPermission) {
          handleRefused(event.code);
          return;
        }
        if (mayReconnect()) timer = setTimeout(connect, LIMITS.chatReconnectMs);
      };
    };
    connect();

    return () => {
      disposed = true;
      clearTimeout(timer);
      socketRef.current = null;
      const ws = current;
      if (!ws) return;
      // Closing a socket that is still connecting makes the browser log an error; wait for it.
      if (ws.readyState === WebSocket.CONNECTING) ws.onopen = () => ws.close(1000);
      else ws.close(1000);
    };
  }, [room, enabled]);

  /** Sends a frame if the connection is open; false means "use the REST fallback". */
  const send = useCallback((frame: ClientFrame): boolean => {
    const ws = socketRef.current;
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(frame));
    return true;
  }, []);

  /** Whether the connection is open now (not as last rendered). */
  const isOpen = useCallback(() => socketRef.current?.readyState === WebSocket.OPEN, []);

  return { status, send, isOpen };
}
