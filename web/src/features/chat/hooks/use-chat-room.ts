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
import { deleteMessage } from '../api/delete-message';
import { getMessages } from '../api/get-messages';
import { applyPinFrame, pinKeys } from '../api/pins';
import { reactToMessage } from '../api/react-message';
import { applyRoomFields } from '../../rooms';
import { initialMessageState, messageReducer, visibleMessages } from '../lib/message-store';
import type { OutboxEntry } from '../lib/outbox';
import { newClientId } from '../lib/text';
import { useOutbox } from './use-outbox';
import { useRoomSocket } from './use-room-socket';
import { useTypingIndicator } from '../../presence';

const CATCH_UP_PAGES = 5;

interface ChatRoomOptions {
  roomId: number;
  me: string | null;
  /** Reconnect after unexpected closes: the viewer is a member or the room is publicly readable. */
  canReconnect: boolean;
  /** Called with every new or updated message that arrives live (e.g. to refresh what depends on a bot's reply). */
  onMessage?: (message: ChatMessage) => void;
  /** Open the room at this message (`?message=`) instead of at the latest. */
  initialMessageId?: number;
  /**
   * A refused send or edit: true when its text went back to the composer (docs/chat.md: Outbox).
   * `loaded` finds a loaded message (the one edited or replied to).
   */
  onRefused?: (entry: OutboxEntry, loaded: (id: number) => ChatMessage | undefined) => boolean;
}

/** A jump to a message: the list scrolls to it and highlights it (each jump has its own seq). */
export interface JumpTarget {
  id: number;
  seq: number;
}

export interface OutgoingDraft {
  content: string;
  replyTo: number | null;
  mentions: Mention[];
  /** Ids of stored uploads to send with the message. */
  attachments?: string[];
}

/** History, live frames and actions of one room (docs/chat.md: room load and live connection). */
export function useChatRoom({
  roomId,
  me,
  canReconnect,
  onMessage,
  initialMessageId,
  onRefused,
}: ChatRoomOptions) {
  const navigate = useNavigate();
  const location = useLocation();
  const [state, dispatch] = useReducer(messageReducer, initialMessageState);
  const [load, setLoad] = useState<'loading' | 'ready' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const queryClient = useQueryClient();
  const [jump, setJump] = useState<JumpTarget | null>(null);
  const [loadingNewer, setLoadingNewer] = useState(false);
  const firstTarget = useRef(initialMessageId);

  useEffect(() => {
    let cancelled = false;
    const target = firstTarget.current;
    // Opened at a message: the page around it; one that is gone opens the latest instead.
    const first = target
      ? getMessages(roomId, { around: target }).catch(() => {
          toast.error(CHAT_TEXTS.chat.messageNotFound, { id: 'chat-jump' });
          return getMessages(roomId);
        })
      : getMessages(roomId);
    first
      .then((page) => {
        if (cancelled) return;
        const found = target !== undefined && page.messages.some((m) => m.id === target);
        if (page.has_more_after)
          dispatch({ type: 'window', messages: page.messages, hasMore: page.has_more, hasMoreAfter: true });
        // The latest page merges with what the live connection brought meanwhile.
        else dispatch({ type: 'history', messages: page.messages, hasMore: page.has_more, me });
        if (found) setJump((j) => ({ id: target, seq: (j?.seq ?? 0) + 1 }));
        setLoad('ready');
      })
      .catch(() => !cancelled && setLoad('error'));
    return () => {
      cancelled = true;
    };
  }, [roomId, me, attempt]);

  const newestId = state.messages.at(-1)?.id ?? 0;

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

  const {
    status: socketStatus,
    send: socketSend,
    isOpen: socketOpen,
  } = useRoomSocket({
    room: roomId,
    enabled: true,
    canReconnect,
    onFrame,
    onOpen: (reconnected) => {
      outbox.opened();
      // Pins changed while the socket was down reach the list by reading it again.
      if (reconnected) void queryClient.invalidateQueries({ queryKey: pinKeys.room(roomId) });
      // Viewing an older stretch there is nothing to catch up: newer pages load on scrolling.
      if (reconnected && !state.hasMoreAfter) catchUp(newestId).catch(() => undefined);
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

  const goLatest = useCallback(async () => {
    try {
      const page = await getMessages(roomId);
      setJump(null);
      dispatch({ type: 'window', messages: page.messages, hasMore: page.has_more, hasMoreAfter: false });
    } catch {
      toast.error('Failed to load messages');
    }
  }, [roomId]);

  const outbox = useOutbox({
    roomId,
    me,
    socketSend,
    socketOpen,
    onDelivered: (message) => dispatch({ type: 'message', message, me, own: true }),
    onRefused: (entry) => onRefused?.(entry, (id) => state.messages.find((m) => m.id === id)) ?? false,
  });
  const { enqueue } = outbox;

  const viewingOlder = state.hasMoreAfter;
  /** Puts a message in the outbox: shown at once as pending, sent until the server has it. */
  const send = useCallback(
    async ({ content, replyTo, mentions, attachments }: OutgoingDraft): Promise<boolean> => {
      // A message sent while reading older history shows at the bottom of the latest ones.
      if (viewingOlder) await goLatest();
      const frame: SendMessageFrame = {
        action: 'send_message',
        message: content,
        reply_to: replyTo,
        mentions,
        client_id: newClientId(),
        ...(attachments?.length ? { attachments } : {}),
      };
      enqueue(frame);
      return true;
    },
    [enqueue, viewingOlder, goLatest],
  );

  /** An edit goes through the outbox too: its new text shows as pending until confirmed. */
  const edit = useCallback(
    async (id: number, content: string): Promise<boolean> => {
      enqueue({ action: 'edit_message', message_id: id, content, client_id: newClientId() });
      return true;
    },
    [enqueue],
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

  const newestLoaded = state.messages.at(-1)?.id;
  const loadNewer = useCallback(async () => {
    if (loadingNewer || !state.hasMoreAfter || newestLoaded === undefined) return;
    setLoadingNewer(true);
    try {
      const page = await getMessages(roomId, { after: newestLoaded });
      dispatch({ type: 'newer', messages: page.messages, hasMoreAfter: page.has_more_after });
    } catch {
      toast.error('Failed to load newer messages');
    } finally {
      setLoadingNewer(false);
    }
  }, [loadingNewer, state.hasMoreAfter, newestLoaded, roomId]);

  const loaded = state.messages;
  /** Scrolls to a message, loading the history around it when it is not loaded. */
  const jumpTo = useCallback(
    async (id: number) => {
      if (!loaded.some((m) => m.id === id)) {
        try {
          const page = await getMessages(roomId, { around: id });
          dispatch({
            type: 'window',
            messages: page.messages,
            hasMore: page.has_more,
            hasMoreAfter: page.has_more_after,
          });
        } catch (err) {
          toast.error(errorText(err, CHAT_TEXTS.chat.messageLoadFailed));
          return;
        }
      }
      setJump((j) => ({ id, seq: (j?.seq ?? 0) + 1 }));
    },
    [loaded, roomId],
  );

  const remove = useCallback(
    async (id: number): Promise<boolean> => {
      if (socketSend({ action: 'delete_message', message_id: id })) return true;
      try {
        const tombstone = await deleteMessage(id);
        dispatch({
          type: 'deleted',
          frame: {
            id,
            deleted_at: tombstone.deleted_at ?? new Date().toISOString(),
            reply_to: tombstone.reply_to,
          },
        });
        return true;
      } catch (err) {
        toast.error(errorText(err, CHAT_TEXTS.chat.deleteFailed));
        return false;
      }
    },
    [socketSend],
  );

  const sendTyping = useCallback(() => void socketSend({ action: 'typing' }), [socketSend]);
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
    hasMoreAfter: state.hasMoreAfter,
    windowSeq: state.windowSeq,
    jump,
    jumpTo,
    loadingNewer,
    loadNewer,
    goLatest,
    remove,
    firstItemIndex: state.firstItemIndex,
    ownSeq: state.ownSeq,
    loadingOlder,
    loadOlder,
    socketStatus,
    send,
    edit,
    react,
    outbox: outbox.view,
    typingNames: typing.names,
    sendTyping,
  };
}
