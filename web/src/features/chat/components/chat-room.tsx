import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { ASSISTANT_BOTS, CHAT_TEXTS, type ChatMessage, type RoomDetail } from '@studium/protocol';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { TypingIndicator, usePresenceSettings, useTypingSender } from '../../presence';
import { draftKey, firstUnreadId, loadEditDraft, saveEditDraft, useReadReporter } from '../../unread';
import { useChatRoom } from '../hooks/use-chat-room';
import { useRoomPresence } from '../hooks/use-room-presence';
import { MessageActionsContext, useMessageActions } from '../hooks/use-message-actions';
import { roomTitle } from '../lib/room-title';
import { ChatHeader } from './chat-header';
import { AlreadyAnswered } from '../../search';
import type { ComposerHandle } from '../hooks/use-composer-handle';
import { Composer } from './composer';
import { ExternalLinkDialog } from './external-link-dialog';
import { afterFirstScreen } from '../../../lib/use-after-first-screen';
import { loadChatMarkdown } from './message-body';
import { MessageList } from './message-list';
import { PinnedMessages } from './pinned-messages';
import { ReadOnlyNotice } from './read-only-notice';

interface ChatRoomProps {
  room: RoomDetail;
  routeName: string;
  me: string | null;
  /** Rendered at the header's end (the rooms feature's actions). */
  headerActions?: ReactNode;
  /** The message to open the room at (`/chat/{room}?message={id}`), scrolled into view and highlighted. */
  messageId?: number;
  /** The live connection was refused (4003): the screen says why (a ban) or leaves. */
  onAccessLost?: () => void;
}

function MessagesSkeleton() {
  return (
    <div className="flex flex-1 flex-col justify-end gap-4 p-4" aria-hidden="true">
      {/* Widths as classes, not style attributes: the page's CSP refuses those in prerendered HTML. */}
      {['w-3/5', 'w-4/5', 'w-9/20', 'w-7/10'].map((width) => (
        <div key={width} className="flex gap-3">
          <Skeleton className="size-8 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-3 w-24" />
            <Skeleton className={`h-3 ${width}`} />
          </div>
        </div>
      ))}
    </div>
  );
}

// The screen's box: the page's height under the navbar, header and composer at its ends.
const roomClasses =
  '-mx-4 -my-8 flex h-[calc(100dvh-3.5rem-1px)] min-h-[22rem] flex-col overflow-hidden border-border bg-surface sm:mx-0 sm:my-0 sm:h-[calc(100dvh-7.5rem-1px)] sm:rounded-xl sm:border';
const nothing = () => undefined;
const sendNothing = () => Promise.resolve(false);

/**
 * The chat room's frame while its detail loads (app/routes/chat.tsx): the header with a
 * placeholder in the room name's place, the messages loading, and the composer as a room's shows
 * it, disabled (nothing can be typed or lost before the room is known). The room itself takes the
 * same places once its detail comes. Rendered at build time too (app/prerender.tsx): a page
 * opened on a chat shows it before the app has loaded, so it knows nothing of the room.
 */
export function ChatRoomFrame() {
  return (
    <section aria-labelledby="page-title" aria-busy="true" className={roomClasses}>
      <ChatHeader status="connecting" />
      <MessagesSkeleton />
      <Composer
        disabled
        me={null}
        replyTo={null}
        editing={null}
        onCancelReply={nothing}
        onCancelEdit={nothing}
        onEditLast={nothing}
        onSend={sendNothing}
        onSaveEdit={sendNothing}
      />
    </section>
  );
}

/** The chat room screen: header, live message list and the composer pinned at the bottom. */
export function ChatRoom({ room, routeName, me, headerActions, messageId, onAccessLost }: ChatRoomProps) {
  const composer = useRef<ComposerHandle>(null);
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const [editText, setEditText] = useState<string | null>(null);
  const { messageWindow, live, actions } = useChatRoom({
    roomId: room.id,
    me,
    canReconnect: room.can_read,
    initialMessageId: messageId,
    onAccessLost,
    // A refused text goes back where it was typed, unless something else is being written there.
    onRefused: ({ frame }, loaded) => {
      if (frame.action === 'edit_message') {
        const message = loaded(frame.message_id);
        if (stillThere(editing) || !message) return false;
        setReplyTo(null);
        setEditing(message);
        setEditText(frame.content);
        return true;
      }
      // Attachments cannot go back into the composer: the message stays, failed, to retry.
      if (frame.attachments?.length || stillThere(editing) || !composer.current?.takeBack(frame.message))
        return false;
      const replied = frame.reply_to ? loaded(frame.reply_to) : undefined;
      if (replied) setReplyTo(replied);
      return true;
    },
  });
  const [externalHref, setExternalHref] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const { messages, jumpTo } = messageWindow;
  const online = useRoomPresence(room, messages, me);
  const ready = messageWindow.load === 'ready';
  // Where 'New messages' goes: decided once, from the marker the room opened with, so it stays
  // put while the reader reads (docs/unread.md).
  const [openedAt] = useState(() => room.read_state?.last_read_id ?? null);
  // An edit typed before a reload or a visit elsewhere opens again, with its text, once its message
  // is loaded and may still be edited (docs/chat.md).
  const keyOfDraft = me ? draftKey(me, room.id) : undefined;
  /** The edit kept for a reload is dropped: saved, cancelled, abandoned or moved to the message box. */
  const forgetEdit = useCallback(() => keyOfDraft && saveEditDraft(keyOfDraft, null), [keyOfDraft]);
  const [editRestored, setEditRestored] = useState(false);
  if (ready && !editRestored) {
    setEditRestored(true);
    const stored = keyOfDraft ? loadEditDraft(keyOfDraft) : null;
    const message = stored ? messageWindow.byId.get(stored.id) : undefined;
    if (stored && message && !message.deleted_at && message.can_edit && !editing) {
      setEditing(message);
      setEditText(stored.text);
    }
  }
  const cancelEdit = () => {
    setEditing(null);
    forgetEdit();
  };
  const [divider, setDivider] = useState<number | null | undefined>(undefined);
  if (divider === undefined && ready) setDivider(firstUnreadId(messages, openedAt, me));
  const seen = useReadReporter(room.id, room.read_state !== undefined);
  // Typing is sent only once the user's presence setting is known to be on.
  const showPresence = usePresenceSettings(me !== null && room.can_write).data?.show_presence === true;
  const typingSender = useTypingSender(live.sendTyping, showPresence);

  // The markdown renderer: once the browser is idle after the room's first render, if no message
  // on screen asked for it sooner (message-body.tsx).
  useEffect(() => afterFirstScreen(() => void loadChatMarkdown().catch(() => undefined)), []);

  // A later `?message=` (e.g. a notification opened while in the room) jumps there too; the
  // first one was loaded with the room.
  const handledTarget = useRef(messageId);
  useEffect(() => {
    if (!ready || messageId === undefined || handledTarget.current === messageId) return;
    handledTarget.current = messageId;
    void jumpTo(messageId);
  }, [ready, messageId, jumpTo]);

  // Replying, or editing another message, leaves the edit open before: it is not kept any more.
  const onReply = useCallback(
    (message: ChatMessage) => {
      setEditing(null);
      forgetEdit();
      setReplyTo(message);
    },
    [forgetEdit],
  );
  const onEdit = useCallback(
    (message: ChatMessage) => {
      setReplyTo(null);
      setEditText(null);
      forgetEdit();
      setEditing(message);
    },
    [forgetEdit],
  );
  const onEditLast = () => {
    const last = [...messages].reverse().find((m) => m.can_edit);
    if (last) onEdit(last);
  };
  const onJumpTo = useCallback((id: number) => void jumpTo(id), [jumpTo]);
  const messageActions = useMessageActions({ room, actions, reply: onReply, edit: onEdit });
  // A message deleted meanwhile is neither replied to nor edited any more.
  const stillThere = (m: ChatMessage | null) => (m && messageWindow.byId.get(m.id)?.deleted_at ? null : m);
  // Deleted under an open edit (in another tab, or by a moderator): what was typed goes to the
  // message box rather than away, and the user is told (docs/chat.md).
  const editDeleted = editing !== null && stillThere(editing) === null;
  const keptEdit = useRef<number | null>(null);
  useEffect(() => {
    if (!editDeleted || !editing || keptEdit.current === editing.id) return;
    keptEdit.current = editing.id;
    const typed = composer.current?.lastEdit();
    if (typed?.id !== editing.id) return;
    const text = typed.text.trim();
    if (text === '' || text === editing.message.trim()) return;
    composer.current?.keep(typed.text);
    forgetEdit();
    toast.info(CHAT_TEXTS.chat.editMovedToDraft);
  }, [editDeleted, editing, forgetEdit]);

  return (
    <section aria-labelledby="page-title" className={roomClasses}>
      <ChatHeader
        title={roomTitle(room, me, routeName)}
        room={room}
        status={live.status}
        online={online}
        tools={<PinnedMessages roomId={room.id} onJumpTo={onJumpTo} />}
        actions={headerActions}
      />
      {messageWindow.load === 'loading' ? (
        <MessagesSkeleton />
      ) : messageWindow.load === 'error' ? (
        <div className="flex flex-1 items-center justify-center p-4">
          <ErrorState message="Failed to load messages" onRetry={messageWindow.retry} />
        </div>
      ) : (
        <MessageActionsContext value={messageActions}>
          <MessageList
            messageWindow={messageWindow}
            me={me}
            onExternalLink={setExternalHref}
            firstUnreadId={divider ?? null}
            onSeen={seen}
            outbox={live.outbox}
          />
        </MessageActionsContext>
      )}
      {room.can_write ? <AlreadyAnswered roomId={room.id} draft={draft} /> : null}
      {ready ? <TypingIndicator names={live.typingNames} /> : null}
      {room.can_write ? (
        <Composer
          ref={composer}
          editText={editText}
          onTyping={typingSender.notify}
          me={me}
          roomId={room.id}
          // The server answers a mention of the room bot where the room allows bots (docs/assistants.md).
          bot={room.is_bot_allowed ? ASSISTANT_BOTS.room : undefined}
          draftKey={keyOfDraft}
          replyTo={stillThere(replyTo)}
          editing={stillThere(editing)}
          onCancelReply={() => setReplyTo(null)}
          onCancelEdit={cancelEdit}
          onEditLast={onEditLast}
          onSend={(draft) => {
            typingSender.reset();
            return actions.send(draft);
          }}
          onSaveEdit={actions.edit}
          onDraftChange={setDraft}
        />
      ) : (
        <ReadOnlyNotice anonymous={me === null} />
      )}
      <ExternalLinkDialog href={externalHref} onClose={() => setExternalHref(null)} />
    </section>
  );
}
