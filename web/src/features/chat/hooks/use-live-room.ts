import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useQueryClient } from '@tanstack/react-query';
import { CHAT_TEXTS, WS_CLOSE, type ChatMessage, type RoomSocketFrame } from '@studium/protocol';
import { loginReturnState, paths } from '../../../config/paths';
import { applyPinFrame } from '../api/pins';
import { pinKeys } from '../../../lib/query-keys';
import { applyRoomFields } from '../../rooms';
import { useTypingIndicator } from '../../presence';
import type { OutboxEntry } from '../lib/outbox';
import type { MessageWindow } from './use-message-window';
import { useOutbox } from './use-outbox';
import { useRoomSocket } from './use-room-socket';

interface LiveRoomOptions {
  roomId: number;
  me: string | null;
  /** Reconnect after unexpected closes: the viewer is a member or the room is publicly readable. */
  canReconnect: boolean;
  /** The history on screen, which the frames keep current. */
  messageWindow: MessageWindow;
  /** Called with every new or updated message that arrives live (e.g. to refresh what depends on a bot's reply). */
  onMessage?: (message: ChatMessage) => void;
  /**
   * A refused send or edit: true when its text went back to the composer (docs/chat.md: Outbox).
   * `loaded` finds a loaded message (the one edited or replied to).
   */
  onRefused?: (entry: OutboxEntry, loaded: (id: number) => ChatMessage | undefined) => boolean;
  /** The live connection was refused (4003); without it the screen says 'No permission' and leaves. */
  onAccessLost?: () => void;
}

/**
 * The live side of a room (docs/chat.md: live connection): its socket, the frames it brings into
 * the message window, who is typing, and the outbox of sends and edits not confirmed yet.
 */
export function useLiveRoom({
  roomId,
  me,
  canReconnect,
  messageWindow,
  onMessage,
  onRefused,
  onAccessLost,
}: LiveRoomOptions) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { dispatch } = messageWindow;
  const typing = useTypingIndicator(me);

  const onFrame = (frame: RoomSocketFrame) => {
    applyPinFrame(queryClient, roomId, frame);
    if ('error' in frame) {
      // A refused send or edit names itself; any other refusal (a reaction, a delete) is only said.
      if (!frame.client_id || !outbox.refuse(frame.client_id, frame.error)) toast.error(frame.error);
      return;
    }
    switch (frame.type) {
      case 'message': {
        const { type: _type, client_id: clientId, ...message } = frame;
        const own = clientId ? outbox.settle(clientId) : false;
        dispatch({ type: 'message', message, me, own });
        typing.onMessage(message.username);
        onMessage?.(message);
        break;
      }
      case 'typing':
        typing.onTyping(frame.username);
        break;
      case 'edit':
        if (frame.client_id) outbox.settle(frame.client_id);
        dispatch({ type: 'edit', frame });
        break;
      case 'reaction':
        dispatch({ type: 'reaction', id: frame.id, reactions: frame.reactions });
        break;
      case 'bot_stream':
        dispatch({ type: 'bot_stream', username: frame.username, delta: frame.delta });
        break;
      case 'room_updated':
        // The header, the details dialog and the room tree read the query cache.
        applyRoomFields(queryClient, frame.room);
        break;
      case 'messages_tombstoned':
        dispatch({ type: 'tombstone', ids: frame.ids });
        break;
      case 'message_deleted':
        dispatch({ type: 'deleted', frame });
        break;
    }
  };

  const socket = useRoomSocket({
    room: roomId,
    enabled: true,
    canReconnect,
    onFrame,
    onOpen: (reconnected) => {
      outbox.opened();
      // Pins changed while the socket was down reach the list by reading it again.
      if (reconnected) void queryClient.invalidateQueries({ queryKey: pinKeys.room(roomId) });
      // A history that failed to load (the server or the network was away) loads again once the
      // room's connection is back, with what was said meanwhile.
      if (messageWindow.load === 'error') messageWindow.retry();
      // Viewing an older stretch there is nothing to catch up: newer pages load on scrolling.
      else if (reconnected && !messageWindow.hasMoreAfter) messageWindow.catchUp().catch(() => undefined);
    },
    onRefused: (code) => {
      if (code === WS_CLOSE.notLoggedIn) {
        toast.error(CHAT_TEXTS.chat.pleaseLogIn, { id: 'chat-login' });
        void navigate(paths.login.href(), { state: loginReturnState(location) });
      } else if (onAccessLost) {
        onAccessLost();
      } else {
        toast.error(CHAT_TEXTS.chat.noPermission, { id: 'chat-permission' });
        void navigate(paths.landing.href());
      }
    },
  });

  const outbox = useOutbox({
    roomId,
    me,
    socketSend: socket.send,
    socketOpen: socket.isOpen,
    onDelivered: (message) => dispatch({ type: 'message', message, me, own: true }),
    onRefused: (entry) => onRefused?.(entry, (id) => messageWindow.byId.get(id)) ?? false,
  });

  const { send } = socket;
  const sendTyping = useCallback(() => void send({ action: 'typing' }), [send]);

  return {
    /** The connection's state, for the header and the 'Reconnecting…' line. */
    status: socket.status,
    /** Sends a frame if the connection is open; false means "use the REST fallback". */
    send,
    /** What the message list shows of the outbox, and its Retry and Discard. */
    outbox: outbox.view,
    /** Puts a send or an edit in the outbox (use-room-actions.ts). */
    enqueue: outbox.enqueue,
    typingNames: typing.names,
    sendTyping,
  };
}

export type LiveRoom = ReturnType<typeof useLiveRoom>;
