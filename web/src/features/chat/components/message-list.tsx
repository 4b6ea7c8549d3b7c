import {
  forwardRef,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type HTMLAttributes,
  type ReactNode,
} from 'react';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { ArrowDown, MessagesSquare } from 'lucide-react';
import { LIMITS, type ChatMessage } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useHiddenReason } from '../../blocks';
import { UnreadDivider } from '../../unread';
import type { MessageWindow } from '../hooks/use-message-window';
import type { OutboxView } from '../hooks/use-outbox';
import { groupedIds } from '../lib/grouping';
import { isEdit, pendingEdits, type OutboxEntry } from '../lib/outbox';
import { MessageItem } from './message-item';
import { OutboxMessage } from './outbox-message';

/** How long a message jumped to stays highlighted (or until the next jump). */
const HIGHLIGHT_MS = 4000;

/** The scrolled list: a `log` that announces new messages politely. */
const LogList = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function LogList(props, ref) {
  return (
    <div {...props} ref={ref} role="log" aria-live="polite" aria-relevant="additions" aria-label="Messages" />
  );
});

interface MessageListProps {
  /** The stretch of history on screen, with its paging and jumps. */
  messageWindow: MessageWindow;
  me: string | null;
  onExternalLink: (href: string) => void;
  /** Extra content under a message (e.g. the rooms the discovery bot found for a question). */
  messageFooter?: (message: ChatMessage) => ReactNode;
  /** Shown instead of the default text when the room has no message yet. */
  emptyText?: string;
  /** The first message that was unread when the room opened: the 'New messages' divider goes above it. */
  firstUnreadId?: number | null;
  /** Called with the newest message id that came into view (the read marker). */
  onSeen?: (id: number) => void;
  /** The viewer's sends and edits not confirmed yet: sends at the bottom, edits in place. */
  outbox?: OutboxView;
}

type ListItem = ChatMessage | OutboxEntry;
const isOutboxItem = (item: ListItem): item is OutboxEntry => 'frame' in item;
const noEntries: OutboxEntry[] = [];

/**
 * Where the list opens: at the message jumped to, else at the first unread message when there is
 * one (its divider in view), else at the newest.
 */
function startIndex(messages: ListItem[], jumpIndex: number, firstUnreadId: number | null) {
  if (jumpIndex >= 0) return { index: jumpIndex, align: 'center' as const };
  const index =
    firstUnreadId === null ? -1 : messages.findIndex((m) => !isOutboxItem(m) && m.id === firstUnreadId);
  return index < 0 ? messages.length - 1 : { index, align: 'start' as const };
}

/**
 * Virtualized messages, pinned to the bottom within 56 px, paging back at the top and, when opened
 * at an older message, forward at the bottom until the latest (docs/chat.md).
 */
export function MessageList(props: MessageListProps) {
  const {
    messageWindow,
    me,
    onExternalLink,
    messageFooter,
    emptyText = 'No messages yet. Say hello!',
    firstUnreadId = null,
    onSeen,
    outbox,
  } = props;
  const {
    messages,
    byId,
    firstItemIndex,
    hasMore,
    loadingOlder,
    hasMoreAfter,
    loadingNewer,
    windowSeq,
    jump,
    ownSeq,
    loadOlder,
    loadNewer,
    goLatest,
    jumpTo,
  } = messageWindow;
  const onJumpTo = useCallback((id: number) => void jumpTo(id), [jumpTo]);
  const entries = outbox?.entries ?? noEntries;
  const sends = useMemo(() => entries.filter((e) => !isEdit(e)), [entries]);
  const edits = useMemo(() => pendingEdits(entries), [entries]);
  const items: ListItem[] = useMemo(
    () => (sends.length ? [...messages, ...sends] : messages),
    [messages, sends],
  );
  const virtuoso = useRef<VirtuosoHandle>(null);
  const hiddenReason = useHiddenReason();
  const replyHidden = (message: ChatMessage) => {
    const replied = message.reply_to === null ? undefined : byId.get(message.reply_to);
    return replied ? hiddenReason(replied) : null;
  };
  const grouped = useMemo(
    () => groupedIds(messages, firstUnreadId, (m) => hiddenReason(m) !== null),
    [messages, firstUnreadId, hiddenReason],
  );
  const [atBottom, setAtBottom] = useState(true);
  // The jump whose highlight has faded; the latest jump's message is highlighted until then.
  const [fadedSeq, setFadedSeq] = useState<number | null>(null);
  const highlighted = jump !== null && jump.seq !== fadedSeq ? jump.id : null;
  const jumpIndex = jump ? messages.findIndex((m) => m.id === jump.id) : -1;
  // After a jump the list stays on that message while others write, until the reader moves on
  // (scrolls, 'Latest messages', or sends): new messages then keep the newest in view again.
  const [hold, setHold] = useState<{ jumpSeq: number; ownSeq: number; released: boolean } | null>(null);
  if (jump !== null && jumpIndex >= 0 && hold?.jumpSeq !== jump.seq)
    setHold({ jumpSeq: jump.seq, ownSeq, released: false });
  const held = hold !== null && !hold.released && hold.ownSeq === ownSeq;
  const release = () => held && setHold({ ...hold, released: true });

  // A jump scrolls the message into view, focuses and highlights it until the next jump or a timeout.
  const jumpSeq = jump?.seq;
  useEffect(() => {
    if (jump === null || jumpIndex < 0) return;
    virtuoso.current?.scrollToIndex({ index: jumpIndex, align: 'center' });
    const focus = setTimeout(
      () => document.getElementById(`message-${jump.id}`)?.focus({ preventScroll: true }),
      150,
    );
    const clear = setTimeout(() => setFadedSeq(jump.seq), HIGHLIGHT_MS);
    return () => {
      clearTimeout(focus);
      clearTimeout(clear);
    };
    // Only a new jump scrolls; the list growing around the message does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jumpSeq]);

  // The viewer's own new messages always scroll down, pending ones as soon as they are written.
  useEffect(() => {
    if (ownSeq > 0) virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end' });
  }, [ownSeq]);
  const sendCount = useRef(sends.length);
  useEffect(() => {
    if (sends.length > sendCount.current) virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end' });
    sendCount.current = sends.length;
  }, [sends.length]);

  if (items.length === 0) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 text-center text-sm text-muted-fg">
        <div role="log" aria-live="polite" aria-label="Messages" className="sr-only" />
        <MessagesSquare aria-hidden="true" className="size-8" />
        {emptyText}
      </div>
    );
  }

  return (
    <div className="relative min-h-0 flex-1" onWheel={release} onTouchMove={release} onKeyDown={release}>
      <Virtuoso
        // Another stretch of history (a jump far back, or back to the latest) starts a new list.
        key={windowSeq}
        ref={virtuoso}
        className="h-full"
        data={items}
        firstItemIndex={firstItemIndex}
        initialTopMostItemIndex={startIndex(items, jumpIndex, firstUnreadId)}
        alignToBottom
        computeItemKey={(_, m) => (isOutboxItem(m) ? `outbox-${m.client_id}` : m.id)}
        followOutput={(bottom) => (bottom && !hasMoreAfter && !held ? 'auto' : false)}
        atBottomThreshold={LIMITS.bottomPinnedPx}
        atBottomStateChange={setAtBottom}
        // Held on a message jumped to, the list keeps it in view as others' messages come in
        // below: re-measuring them may re-align the list to its end (docs/chat.md, "Jumping to a
        // message"). Scrolls only when the message is out of view.
        totalListHeightChanged={() => {
          if (held && jumpIndex >= 0) virtuoso.current?.scrollIntoView({ index: jumpIndex, align: 'center' });
        }}
        startReached={() => hasMore && void loadOlder()}
        rangeChanged={({ endIndex }) => {
          const newest = messages[Math.min(endIndex - firstItemIndex, messages.length - 1)];
          if (onSeen && newest && newest.id > 0) onSeen(newest.id);
        }}
        endReached={() => hasMoreAfter && void loadNewer()}
        increaseViewportBy={{ top: 400, bottom: 200 }}
        components={{
          List: LogList,
          Header: () =>
            loadingOlder ? (
              <div className="flex justify-center py-3">
                <Spinner size="sm" label="Loading older messages" />
              </div>
            ) : hasMore ? null : (
              <p className="py-3 text-center text-xs text-muted-fg">This is the beginning of the room.</p>
            ),
          Footer: () =>
            loadingNewer ? (
              <div className="flex justify-center py-3">
                <Spinner size="sm" label="Loading newer messages" />
              </div>
            ) : null,
        }}
        itemContent={(_, message) =>
          isOutboxItem(message) ? (
            me && outbox ? (
              <OutboxMessage
                entry={message}
                me={me}
                onRetry={outbox.retry}
                onDiscard={outbox.discard}
                onExternalLink={onExternalLink}
              />
            ) : null
          ) : (
            <>
              {message.id === firstUnreadId ? <UnreadDivider /> : null}
              <MessageItem
                message={message}
                replied={message.reply_to === null ? undefined : (byId.get(message.reply_to) ?? null)}
                canReport={me !== null && message.username !== me}
                highlighted={highlighted === message.id}
                grouped={grouped.has(message.id)}
                footer={messageFooter?.(message)}
                hidden={hiddenReason(message)}
                repliedHidden={replyHidden(message)}
                pendingEdit={edits.get(message.id)}
                onRetry={outbox?.retry}
                onDiscard={outbox?.discard}
                onJumpTo={onJumpTo}
                onExternalLink={onExternalLink}
              />
            </>
          )
        }
      />
      {atBottom && !hasMoreAfter ? null : (
        <Button
          size="sm"
          className="absolute bottom-3 left-1/2 -translate-x-1/2 shadow-pop"
          onClick={() => {
            release();
            if (hasMoreAfter) void goLatest();
            else virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end', behavior: 'smooth' });
          }}
        >
          <ArrowDown aria-hidden="true" className="size-4" />
          Latest messages
        </Button>
      )}
    </div>
  );
}
