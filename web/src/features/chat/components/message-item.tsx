import { memo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Bot, CornerUpLeft } from 'lucide-react';
import {
  ASSISTANT_TEXTS,
  BLOCKS_TEXTS,
  CHAT_TEXTS,
  DELETED_USERNAME,
  LIMITS,
  type ChatMessage,
  type HiddenReason,
} from '@studium/protocol';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { paths } from '../../../config/paths';
import { HiddenMessage } from '../../blocks';
import { UserAvatar } from '../../profile';
import { cn } from '../../../lib/cn';
import { formatMessageTimestamp } from '../../../lib/time';
import { useMessageActionsContext } from '../hooks/use-message-actions';
import { isTombstone } from '../lib/message-store';
import { entryText, type OutboxEntry } from '../lib/outbox';
import { messagePreview } from '../lib/text';
import { EditHistoryButton } from './edit-history-dialog';
import { MessageAttachments } from '../../attachments';
import { MessageBody } from './message-body';
import { MessageToolbar } from './message-toolbar';
import { OutboxStatus } from './outbox-status';
import { ReactionBar } from './reaction-bar';

interface MessageItemProps {
  message: ChatMessage;
  /** The message replied to: null when not loaded, undefined when this is no reply. */
  replied: ChatMessage | null | undefined;
  /** Someone else's message: it may be reported to the room's moderators. */
  canReport?: boolean;
  /** Scrolled to by a jump: marked `data-highlighted` for a few seconds. */
  highlighted?: boolean;
  /** Continues the group of the message before it: no avatar or header, its time on hover. */
  grouped?: boolean;
  /** Scrolls to the message a reply quotes. */
  onJumpTo: (id: number) => void;
  onExternalLink: (href: string) => void;
  /** Rendered under the message (the caller's extra content). */
  footer?: ReactNode;
  /** The author is one the viewer blocked or muted: collapsed until clicked (docs/blocks.md). */
  hidden?: HiddenReason | null;
  /** The same for the message replied to: its quote is collapsed too. */
  repliedHidden?: HiddenReason | null;
  /** The viewer's edit of this message that the server has not confirmed: its text shows, marked. */
  pendingEdit?: OutboxEntry;
  onRetry?: (clientId: string) => void;
  onDiscard?: (clientId: string) => void;
}

/** The text a tombstone shows: a deleted message, or the message of a deleted account (docs/chat.md). */
export const MESSAGE_DELETED = CHAT_TEXTS.chat.messageDeleted;

/** A deleted message (or a deleted account's): a tombstone with its time, no author link, no Reply or reactions. */
function DeletedMessage({ message, highlighted }: { message: ChatMessage; highlighted?: boolean }) {
  const time = formatMessageTimestamp(message.timestamp);
  const replies = message.reply_count ?? 0;
  return (
    <article
      id={`message-${message.id}`}
      data-message-id={message.id}
      data-deleted="true"
      data-highlighted={highlighted ? 'true' : undefined}
      tabIndex={0}
      aria-label={`${MESSAGE_DELETED} at ${time}`}
      className="flex gap-3 rounded-lg px-3 py-2 outline-none focus-visible:bg-surface-2 focus-visible:ring-2 focus-visible:ring-ring data-[highlighted=true]:bg-accent-soft"
    >
      <Avatar name="?" size="sm" className="mt-0.5 opacity-60" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <time dateTime={message.timestamp} className="text-xs text-muted-fg">
          {time}
        </time>
        <p className="text-sm text-muted-fg italic">{MESSAGE_DELETED}</p>
        {replies > 0 ? <ReplyCount count={replies} /> : null}
      </div>
    </article>
  );
}

/**
 * One message: author (with a 'Bot' chip for an assistant's message, streaming or stored), time,
 * reply quote, markdown, and, where the room gives messages actions (`MessageActionsContext`; an
 * assistant's page gives none), reactions and the toolbar.
 */
export const MessageItem = memo(function MessageItem(props: MessageItemProps) {
  if (isTombstone(props.message))
    return <DeletedMessage message={props.message} highlighted={props.highlighted} />;
  if (props.hidden) return <CollapsedMessage {...props} reason={props.hidden} />;
  return <LiveMessage {...props} />;
});

/** A blocked or muted author's message: collapsed, shown in full after a click. */
function CollapsedMessage(props: MessageItemProps & { reason: HiddenReason }) {
  const [shown, setShown] = useState(false);
  if (shown) return <LiveMessage {...props} />;
  return (
    <HiddenMessage
      message={props.message}
      reason={props.reason}
      highlighted={props.highlighted}
      onShow={() => setShown(true)}
    />
  );
}

/** How many replies a message has ('1 reply', 'N replies'). */
function ReplyCount({ count }: { count: number }) {
  return (
    <span className="inline-flex h-7 items-center px-2 text-xs text-muted-fg" data-testid="reply-count">
      {count === 1 ? '1 reply' : `${count} replies`}
    </span>
  );
}

/** The quote above a reply: the replied message, or what became of it. */
function quoteOf(replied: ChatMessage | null, hidden: HiddenReason | null | undefined): ReactNode {
  if (replied === null) return 'Original message';
  if (replied.deleted_at) return CHAT_TEXTS.chat.deletedQuote;
  if (replied.username === DELETED_USERNAME) return MESSAGE_DELETED;
  if (hidden) return hidden === 'blocked' ? BLOCKS_TEXTS.blockedMessage : BLOCKS_TEXTS.mutedMessage;
  return (
    <>
      <span className="font-medium">@{replied.username}</span>:{' '}
      {messagePreview(replied, LIMITS.replyPreviewQuote)}
    </>
  );
}

/** hh:mm of a message, for the later messages of a group. */
const formatClock = (iso: string) => formatMessageTimestamp(iso, new Date(iso));

/** The first message of a group: author link, 'Bot' chip, time, '(edited)' and a stream's 'typing…'. */
function MessageHeader({
  message,
  time,
  streaming,
  edited,
}: {
  message: ChatMessage;
  time: string;
  streaming: boolean;
  edited: boolean;
}) {
  return (
    <div className="flex flex-wrap items-baseline gap-x-2">
      <Link
        to={paths.userProfile.href(message.username)}
        className="text-sm font-semibold text-fg hover:underline"
      >
        {message.username}
      </Link>
      {message.is_bot ? (
        <Badge tone="accent" className="self-center">
          <Bot aria-hidden="true" className="mr-1 size-3" />
          {ASSISTANT_TEXTS.botLabel}
        </Badge>
      ) : null}
      <time dateTime={message.timestamp} className="text-xs text-muted-fg">
        {time}
      </time>
      {edited ? <EditHistoryButton messageId={message.id} editCount={message.edit_count} /> : null}
      {streaming ? <span className="text-xs text-accent-text">typing…</span> : null}
    </div>
  );
}

function LiveMessage(props: MessageItemProps) {
  const {
    message,
    replied,
    canReport = false,
    highlighted,
    grouped = false,
    onJumpTo,
    onExternalLink,
    footer,
    pendingEdit,
  } = props;
  const actions = useMessageActionsContext();
  const streaming = message.id < 0;
  const canReply = actions?.canReply === true;
  const text = pendingEdit ? entryText(pendingEdit) : message.message;
  const time = formatMessageTimestamp(message.timestamp);
  const edited = !streaming && (message.edited_at || message.edit_count > 0);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget || streaming || !canReply) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      actions?.reply(message);
    }
  };
  return (
    <article
      id={`message-${message.id}`}
      data-message-id={message.id}
      data-highlighted={highlighted ? 'true' : undefined}
      data-grouped={grouped ? 'true' : undefined}
      tabIndex={0}
      // The author is in the name even when the header is the group's (docs/chat.md).
      aria-label={`${message.username} at ${time}`}
      onKeyDown={onKeyDown}
      onContextMenu={(event) => {
        if (streaming || !canReply) return;
        event.preventDefault();
        actions?.reply(message);
      }}
      className={cn(
        'group relative flex gap-3 rounded-lg px-3 outline-none hover:bg-surface-2/60 focus-visible:bg-surface-2 focus-visible:ring-2 focus-visible:ring-ring data-[highlighted=true]:bg-accent-soft',
        grouped ? 'py-0.5' : 'mt-1 py-2',
      )}
    >
      {grouped ? (
        // Later messages of a group: their time in the avatar's place, shown on hover.
        <time
          dateTime={message.timestamp}
          className="mt-1 w-8 shrink-0 text-center text-[0.65rem] text-muted-fg opacity-0 group-focus-within:opacity-100 group-hover:opacity-100"
        >
          {formatClock(message.timestamp)}
        </time>
      ) : (
        <UserAvatar username={message.username} className="mt-0.5" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {grouped ? null : (
          <MessageHeader message={message} time={time} streaming={streaming} edited={Boolean(edited)} />
        )}
        {replied !== undefined ? (
          <button
            type="button"
            onClick={() => message.reply_to && onJumpTo(message.reply_to)}
            className="flex max-w-full items-center gap-1 truncate rounded-md border-l-2 border-accent bg-surface-2 px-2 py-1 text-left text-xs text-muted-fg hover:text-fg"
          >
            <CornerUpLeft aria-hidden="true" className="size-3 shrink-0" />
            <span className="truncate">{quoteOf(replied, props.repliedHidden)}</span>
          </button>
        ) : null}
        {text ? (
          <div className={pendingEdit?.status === 'pending' ? 'opacity-70' : undefined}>
            <MessageBody text={text} mentions={message.mentions} onExternalLink={onExternalLink} />
          </div>
        ) : null}
        {grouped && edited ? (
          <EditHistoryButton messageId={message.id} editCount={message.edit_count} />
        ) : null}
        {pendingEdit && props.onRetry && props.onDiscard ? (
          <OutboxStatus entry={pendingEdit} onRetry={props.onRetry} onDiscard={props.onDiscard} />
        ) : null}
        {message.attachments?.length ? <MessageAttachments attachments={message.attachments} /> : null}
        {streaming || !actions ? null : (
          <>
            <div className="flex flex-wrap items-center gap-1 pt-0.5">
              <ReactionBar
                reactions={message.reactions}
                disabled={!actions.canReact}
                onReact={(emoji) => actions.react(message.id, emoji)}
              />
              {(message.reply_count ?? 0) > 0 ? <ReplyCount count={message.reply_count ?? 0} /> : null}
            </div>
            <MessageToolbar message={message} canReport={canReport} />
          </>
        )}
        {footer}
      </div>
    </article>
  );
}
