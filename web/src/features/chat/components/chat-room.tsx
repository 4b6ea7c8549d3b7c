import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { ChatMessage, RoomDetail } from '@studium/protocol';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useChatRoom } from '../hooks/use-chat-room';
import { roomTitle } from '../lib/room-title';
import { ChatHeader } from './chat-header';
import { AlreadyAnswered } from '../../search/components/already-answered';
import { Composer } from './composer';
import { ExternalLinkDialog } from './external-link-dialog';
import { MessageList, type MessageListHandle } from './message-list';
import { ReadOnlyNotice } from './read-only-notice';

interface ChatRoomProps {
  room: RoomDetail;
  routeName: string;
  me: string | null;
  /** Rendered at the header's end (the rooms feature's actions). */
  headerActions?: ReactNode;
}

function MessagesSkeleton() {
  return (
    <div className="flex flex-1 flex-col justify-end gap-4 p-4" aria-hidden="true">
      {[60, 80, 45, 70].map((w) => (
        <div key={w} className="flex gap-3">
          <Skeleton className="size-8 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-3 w-24" />
            <Skeleton className="h-3" style={{ width: `${w}%` }} />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The chat room screen: header, live message list and the composer pinned at the bottom. */
export function ChatRoom({ room, routeName, me, headerActions }: ChatRoomProps) {
  const chat = useChatRoom({ roomId: room.id, me, canReconnect: room.can_read });
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const [externalHref, setExternalHref] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const list = useRef<MessageListHandle>(null);
  const { messages, loadOlder } = chat;

  const onReply = useCallback((message: ChatMessage) => {
    setEditing(null);
    setReplyTo(message);
  }, []);
  const onEdit = useCallback((message: ChatMessage) => {
    setReplyTo(null);
    setEditing(message);
  }, []);
  const onEditLast = () => {
    const last = [...messages].reverse().find((m) => m.id > 0 && m.username === me);
    if (last) onEdit(last);
  };
  const onJumpTo = useCallback(
    async (id: number) => {
      if (list.current?.scrollToMessage(id)) return;
      await loadOlder();
    },
    [loadOlder],
  );

  return (
    <section
      aria-labelledby="page-title"
      className="-mx-4 -my-8 flex h-[calc(100dvh-3.5rem-1px)] min-h-[22rem] flex-col overflow-hidden border-border bg-surface sm:mx-0 sm:my-0 sm:h-[calc(100dvh-7.5rem-1px)] sm:rounded-xl sm:border"
    >
      <ChatHeader
        title={roomTitle(room, me, routeName)}
        room={room}
        status={chat.socketStatus}
        actions={headerActions}
      />
      {chat.load === 'loading' ? (
        <MessagesSkeleton />
      ) : chat.load === 'error' ? (
        <div className="flex flex-1 items-center justify-center p-4">
          <ErrorState message="Failed to load messages" onRetry={chat.retry} />
        </div>
      ) : (
        <MessageList
          ref={list}
          messages={messages}
          byId={chat.byId}
          firstItemIndex={chat.firstItemIndex}
          hasMore={chat.hasMore}
          loadingOlder={chat.loadingOlder}
          ownSeq={chat.ownSeq}
          me={me}
          canWrite={room.can_write}
          canReact={room.can_react}
          canEditOwn={room.can_edit_own}
          onLoadOlder={() => void loadOlder()}
          onReply={onReply}
          onEdit={onEdit}
          onReact={chat.react}
          onJumpTo={onJumpTo}
          onExternalLink={setExternalHref}
        />
      )}
      {room.can_write ? <AlreadyAnswered roomId={room.id} draft={draft} /> : null}
      {room.can_write ? (
        <Composer
          me={me}
          replyTo={replyTo}
          editing={editing}
          onCancelReply={() => setReplyTo(null)}
          onCancelEdit={() => setEditing(null)}
          onEditLast={onEditLast}
          onSend={chat.send}
          onSaveEdit={chat.edit}
          onDraftChange={setDraft}
        />
      ) : (
        <ReadOnlyNotice anonymous={me === null} />
      )}
      <ExternalLinkDialog href={externalHref} onClose={() => setExternalHref(null)} />
    </section>
  );
}
