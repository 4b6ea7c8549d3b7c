import {
  forwardRef,
  useEffect,
  useImperativeHandle,
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
import { UnreadDivider } from '../../unread/components/unread-divider';
import { MessageItem } from './message-item';

/** The scrolled list: a `log` that announces new messages politely. */
const LogList = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function LogList(props, ref) {
  return (
    <div {...props} ref={ref} role="log" aria-live="polite" aria-relevant="additions" aria-label="Messages" />
  );
});

export interface MessageListHandle {
  scrollToMessage: (id: number) => boolean;
}

interface MessageListProps {
  messages: ChatMessage[];
  byId: Map<number, ChatMessage>;
  firstItemIndex: number;
  hasMore: boolean;
  loadingOlder: boolean;
  ownSeq: number;
  me: string | null;
  /** The viewer's rights in the room (the room detail's flags). */
  canWrite: boolean;
  canReact: boolean;
  canEditOwn: boolean;
  onLoadOlder: () => void;
  onReply: (message: ChatMessage) => void;
  onEdit: (message: ChatMessage) => void;
  onReact: (id: number, emoji: string) => void;
  onJumpTo: (id: number) => void;
  onExternalLink: (href: string) => void;
  /** Extra content under a message (e.g. the rooms the discovery bot found for a question). */
  messageFooter?: (message: ChatMessage) => ReactNode;
  /** Shown instead of the default text when the room has no message yet. */
  emptyText?: string;
  /** False hides every message's reactions and Reply/Edit row. */
  withActions?: boolean;
  /** The first message that was unread when the room opened: the 'New messages' divider goes above it. */
  firstUnreadId?: number | null;
  /** Called with the newest message id that came into view (the read marker). */
  onSeen?: (id: number) => void;
}

function highlight(id: number) {
  const el = document.getElementById(`message-${id}`);
  if (!el) return false;
  el.scrollIntoView({ block: 'center' });
  el.setAttribute('data-highlight', 'true');
  el.focus({ preventScroll: true });
  setTimeout(() => el.removeAttribute('data-highlight'), 1500);
  return true;
}

/** Opens at the first unread message when there is one (its divider in view), else at the newest. */
function startIndex(messages: ChatMessage[], firstUnreadId: number | null) {
  const index = firstUnreadId === null ? -1 : messages.findIndex((m) => m.id === firstUnreadId);
  return index < 0 ? messages.length - 1 : { index, align: 'start' as const };
}

/** Virtualized messages, pinned to the bottom within 56 px, paging back at the top (docs/chat.md). */
export const MessageList = forwardRef<MessageListHandle, MessageListProps>(function MessageList(props, ref) {
  const {
    messages,
    byId,
    firstItemIndex,
    hasMore,
    loadingOlder,
    ownSeq,
    me,
    canWrite,
    canReact,
    canEditOwn,
    onLoadOlder,
    messageFooter,
    emptyText = 'No messages yet. Say hello!',
    withActions,
    firstUnreadId = null,
    onSeen,
    ...handlers
  } = props;
  const virtuoso = useRef<VirtuosoHandle>(null);
  const [atBottom, setAtBottom] = useState(true);

  useImperativeHandle(ref, () => ({
    scrollToMessage: (id) => {
      if (highlight(id)) return true;
      const index = messages.findIndex((m) => m.id === id);
      if (index < 0) return false;
      virtuoso.current?.scrollToIndex({ index, align: 'center' });
      setTimeout(() => highlight(id), 150);
      return true;
    },
  }));

  // The viewer's own new messages always scroll down.
  useEffect(() => {
    if (ownSeq > 0) virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end' });
  }, [ownSeq]);

  if (messages.length === 0) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 text-center text-sm text-muted-fg">
        <div role="log" aria-live="polite" aria-label="Messages" className="sr-only" />
        <MessagesSquare aria-hidden="true" className="size-8" />
        {emptyText}
      </div>
    );
  }

  return (
    <div className="relative min-h-0 flex-1">
      <Virtuoso
        ref={virtuoso}
        className="h-full"
        data={messages}
        firstItemIndex={firstItemIndex}
        initialTopMostItemIndex={startIndex(messages, firstUnreadId)}
        alignToBottom
        computeItemKey={(_, m) => m.id}
        followOutput={(bottom) => (bottom ? 'auto' : false)}
        atBottomThreshold={LIMITS.bottomPinnedPx}
        atBottomStateChange={setAtBottom}
        startReached={() => hasMore && onLoadOlder()}
        rangeChanged={({ endIndex }) => {
          const newest = messages[Math.min(endIndex - firstItemIndex, messages.length - 1)];
          if (onSeen && newest && newest.id > 0) onSeen(newest.id);
        }}
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
        }}
        itemContent={(_, message) => (
          <>
            {message.id === firstUnreadId ? <UnreadDivider /> : null}
            <MessageItem
              message={message}
              replied={message.reply_to === null ? undefined : (byId.get(message.reply_to) ?? null)}
              canReply={canWrite}
              canReact={canReact}
              canEdit={canEditOwn && me !== null && message.username === me}
              footer={messageFooter?.(message)}
              withActions={withActions}
              {...handlers}
            />
          </>
        )}
      />
      {atBottom ? null : (
        <Button
          size="sm"
          className="absolute bottom-3 left-1/2 -translate-x-1/2 shadow-pop"
          onClick={() => virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end', behavior: 'smooth' })}
        >
          <ArrowDown aria-hidden="true" className="size-4" />
          Latest messages
        </Button>
      )}
    </div>
  );
});
