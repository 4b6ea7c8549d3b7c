import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { LIMITS, roomSocketFrame, WS_CLOSE, type ClientFrame, type RoomSocketFrame } from '@studium/protocol';
import { openLiveSocket, type LiveSocket } from '../../../lib/live-socket';
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
  const socketRef = useRef<LiveSocket | null>(null);
  const [status, setStatus] = useState<SocketStatus>('connecting');
  const handleFrame = useEffectEvent(onFrame);
  const handleOpen = useEffectEvent(onOpen);
  const handleRefused = useEffectEvent(onRefused);
  const mayReconnect = useEffectEvent(() => canReconnect);

  useEffect(() => {
    if (!enabled) return;
    const socket = openLiveSocket({
      url: roomSocketUrl(room, window.location),
      schema: roomSocketFrame,
      name: 'Room',
      onFrame: (frame) => handleFrame(frame),
      onConnecting: () => setStatus('connecting'),
      onOpen: (reconnected) => {
        setStatus('open');
        handleOpen(reconnected);
      },
      onClose: (event) => {
        setStatus('closed');
        if (event.code === WS_CLOSE.notLoggedIn || event.code === WS_CLOSE.noPermission) {
          handleRefused(event.code);
          return null;
        }
        return mayReconnect() ? LIMITS.chatReconnectMs : null;
      },
    });
    socketRef.current = socket;
    return () => {
      socketRef.current = null;
      socket.stop();
    };
  }, [room, enabled]);

  /** Sends a frame if the connection is open; false means "use the REST fallback". */
  const send = useCallback((frame: ClientFrame): boolean => socketRef.current?.send(frame) ?? false, []);

  /** Whether the connection is open now (not as last rendered). */
  const isOpen = useCallback(() => socketRef.current?.isOpen() ?? false, []);

  return { status, send, isOpen };
}
