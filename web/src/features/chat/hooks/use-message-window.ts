import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { toast } from 'sonner';
import { CHAT_TEXTS, type ChatMessage } from '@studium/protocol';
import { errorText } from '../../../lib/api-client';
import { getMessages } from '../api/get-messages';
import { initialMessageState, messageReducer, visibleMessages } from '../lib/message-store';

const CATCH_UP_PAGES = 5;

/** A jump to a message: the list scrolls to it and highlights it (each jump has its own seq). */
export interface JumpTarget {
  id: number;
  seq: number;
}

interface MessageWindowOptions {
  roomId: number;
  me: string | null;
  /** Open the room at this message (`?message=`) instead of at the latest. */
  initialMessageId?: number;
}

/**
 * The stretch of a room's history on screen (docs/chat.md): the first page, paging back and
 * forward, jumping to a message and back to the latest. Live frames and actions change it through
 * `dispatch`.
 */
export function useMessageWindow({ roomId, me, initialMessageId }: MessageWindowOptions) {
  const [state, dispatch] = useReducer(messageReducer, initialMessageState);
  const [load, setLoad] = useState<'loading' | 'ready' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [loadingNewer, setLoadingNewer] = useState(false);
  const [jump, setJump] = useState<JumpTarget | null>(null);
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

  const retry = useCallback(() => {
    setLoad('loading');
    setAttempt((n) => n + 1);
  }, []);

  /**
   * After a reconnect: the latest pages back to the newest message seen before (a few at most).
   * When they do not reach it, the latest page replaces what was loaded, as when the room is
   * opened: a gap would hide messages, and paging back from there walks through every one.
   */
  const newestId = state.messages.at(-1)?.id ?? 0;
  const catchUp = useCallback(async () => {
    const pages: ChatMessage[][] = [];
    let before: number | undefined;
    for (let i = 0; i < CATCH_UP_PAGES; i += 1) {
      const page = await getMessages(roomId, before);
      pages.push(page.messages);
      const oldest = page.messages[0]?.id;
      if (!page.has_more || oldest === undefined || oldest <= newestId) {
        dispatch({ type: 'history', messages: pages.flat(), me });
        return;
      }
      before = oldest;
    }
    dispatch({ type: 'latest', messages: pages[0] ?? [] });
  }, [roomId, me, newestId]);

  const goLatest = useCallback(async () => {
    try {
      const page = await getMessages(roomId);
      setJump(null);
      dispatch({ type: 'window', messages: page.messages, hasMore: page.has_more, hasMoreAfter: false });
    } catch {
      toast.error('Failed to load messages');
    }
  }, [roomId]);

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

  const messages: ChatMessage[] = useMemo(() => visibleMessages(state), [state]);
  const byId = useMemo(() => new Map(state.messages.map((m) => [m.id, m])), [state.messages]);

  return {
    load,
    retry,
    /** Stored messages, then bot replies still streaming. */
    messages,
    /** The stored messages by id (the replied ones, the one edited or deleted). */
    byId,
    hasMore: state.hasMore,
    /** Newer messages exist that are not loaded (opened at an older message): paged in at the bottom. */
    hasMoreAfter: state.hasMoreAfter,
    /** Bumped when the list is replaced by another stretch of history. */
    windowSeq: state.windowSeq,
    firstItemIndex: state.firstItemIndex,
    /** Bumped when one of the viewer's own messages arrives (the list scrolls down). */
    ownSeq: state.ownSeq,
    /** The message to scroll to and highlight. */
    jump,
    loadingOlder,
    loadOlder,
    loadingNewer,
    loadNewer,
    goLatest,
    jumpTo,
    catchUp,
    dispatch,
  };
}

export type MessageWindow = ReturnType<typeof useMessageWindow>;
