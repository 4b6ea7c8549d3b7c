import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useQueryClient } from '@tanstack/react-query';
import {
  CHAT_TEXTS,
  WS_CLOSE,
  type ChatMessage,
  type Mention,
  type RoomSocketFrame,
  type SendMessageFrame,
} from '@studium/protocol';
import { loginReturnState, paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { editMessage } from '../api/edit-message';
import { getMessages } from '../api/get-messages';
import { reactToMessage } from '../api/react-message';
import { sendMessage } from '../api/send-message';
import { applyRoomFields } from '../../rooms/api/update-room-cache';
import {
  failPendingSend,
  initialMessageState,
  messageReducer,
  visibleMessages,
  type PendingSends,
} from '../lib/message-store';
import { newClientId } from '../lib/text';
import { useRoomSocket } from './use-room-socket';

const CATCH_UP_PAGES = 5;

interface ChatRoomOptions {
  roomId: number;
  me: string | null;
  /** Reconnect after unexpected closes: the viewer is a member or the room is publicly readable. */
  canReconnect: boolean;
  /** Called with every new or updated message that arrives live (e.g. to refresh what depends on a bot's reply). */
  onMessage?: (message: ChatMessage) => void;
}

export interface OutgoingDraft {
  content: string;
  replyTo: number | null;
  mentions: Mention[];
}

/** History, live frames and actions of one room (docs/chat.md: room load and live connection). */
export function useChatRoom({ roomId, me, canReconnect, onMessage }: ChatRoomOptions) {
  const navigate = useNavigate();
  const location = useLocation();
  const [state, dispatch] = useReducer(messageReducer, initialMessageState);
  const [load, setLoad] = useState<'loading' | 'ready' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const queryClient = useQueryClient();
  const pending = useRef<PendingSends>(new Map());

  useEffect(() => {
    let cancelled = false;
    getMessages(roomId)
      .then((page) => {
        if (cancelled) return;
        dispatch({ type: 'history', messages: page.messages, hasMore: page.has_more, me });
        setLoad('ready');
      })
      .catch(() => !cancelled && setLoad('error'));
    return () => {
      cancelled = true;
    };
  }, [roomId, me, attempt]);

  const newestId = state.messages.at(-1)?.id ?? 0;

  const onFrame = (frame: RoomSocketFrame) => {
    if ('error' in frame) {
      toast.error(frame.error);
      failPendingSend(pending.current, frame);
      return;
    }
    switch (frame.type) {
      case 'message': {
        const { type: _type, client_id: clientId, ...message } = frame;
        const own = clientId ? pending.current.delete(clientId) : false;
        dispatch({ type: 'message', message, me, own });
        onMessage?.(message);
        break;
      }
      case 'edit':
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
    }
  };

  const catchUp = async (since: number) => {
    let before: number | undefined;
    for (let i = 0; i < CATCH_UP_PAGES; i += 1) {
      const page = await getMessages(roomId, before);
      dispatch({ type: 'history', messages: page.messages, me });
      const oldest = page.messages[0]?.id;
      if (!page.has_more || oldest === undefined || oldest <= since) break;
      before = oldest;
    }
  };

  const { status: socketStatus, send: socketSend } = useRoomSocket({
    room: roomId,
    enabled: true,
    canReconnect,
    onFrame,
    onOpen: (reconnected) => {
      for (const frame of pending.current.values()) socketSend(frame);
      if (reconnected) catchUp(newestId).catch(() => undefined);
    },
    onRefused: (code) => {
      if (code === WS_CLOSE.notLoggedIn) {
        toast.error(CHAT_TEXTS.chat.pleaseLogIn, { id: 'chat-login' });
        void navigate(paths.login.href(), { state: loginReturnState(location) });
      } else {
        toast.error(CHAT_TEXTS.chat.noPermission, { id: 'chat-permission' });
        void navigate(paths.landing.href());
      }
    },
  });

  const send = useCallback(
    async ({ content, replyTo, mentions }: OutgoingDraft): Promise<boolean> => {
      const clientId = newClientId();
      const frame: SendMessageFrame = {
        action: 'send_message',
        message: content,
        reply_to: replyTo,
        mentions,
        client_id: clientId,
      };
      pending.current.set(clientId, frame);
      if (socketSend(frame)) return true;
      try {
        const message = await sendMessage(roomId, {
          content,
          reply_to: replyTo,
          mentions,
          client_id: clientId,
        });
        pending.current.delete(clientId);
        dispatch({ type: 'message', message, me, own: true });
        return true;
      } catch {
        pending.current.delete(clientId);
        toast.error(CHAT_TEXTS.chat.sendFailed);
        return false;
      }
    },
    [socketSend, roomId, me],
  );

  const edit = useCallback(
    async (id: number, content: string): Promise<boolean> => {
      if (socketSend({ action: 'edit_message', message_id: id, content })) return true;
      try {
        // The answer is the edited message: stored over the old one.
        dispatch({ type: 'message', message: await editMessage(id, content), me });
        return true;
      } catch (err) {
        toast.error(errorText(err, 'Edit failed'));
        return false;
      }
    },
    [socketSend, me],
  );

  const react = useCallback(
    async (id: number, emoji: string) => {
      if (id < 0) return;
      if (socketSend({ action: 'react_message', message_id: id, emoji })) return;
      try {
        const { reactions } = await reactToMessage(id, emoji);
        dispatch({ type: 'reaction', id, reactions });
      } catch (err) {
        toast.error(errorText(err, 'Reaction failed'));
      }
    },
    [socketSend],
  );

  const oldestId = state.messages[0]?.id;
  const loadOlder = useCallback(async () => {
    if (loadingOlder || !state.hasMore || oldestId === undefined) return;
    setLoadingOlder(true);
    try {
      const page = await getMessages(roomId, oldestId);
      dispatch({ type: 'history', messages: page.messages, hasMore: page.has_more, me });
    } catch {
      toast.error('Failed to load older messages');
    } finally {
      setLoadingOlder(false);
    }
  }, [loadingOlder, state.hasMore, oldestId, roomId, me]);

  const messages: ChatMessage[] = useMemo(() => visibleMessages(state), [state]);
  const byId = useMemo(() => new Map(state.messages.map((m) => [m.id, m])), [state.messages]);

  return {
    load,
    retry: () => {
      setLoad('loading');
      setAttempt((n) => n + 1);
    },
    messages,
    byId,
    hasMore: state.hasMore,
    firstItemIndex: state.firstItemIndex,
    ownSeq: state.ownSeq,
    loadingOlder,
    loadOlder,
    socketStatus,
    send,
    edit,
    react,
  };
}
