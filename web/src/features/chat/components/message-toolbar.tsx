import { lazy, Suspense, useState } from 'react';
import { Flag, Pencil, Reply, type LucideIcon } from 'lucide-react';
import { CHAT_TEXTS, MODERATION_TEXTS, type ChatMessage } from '@studium/protocol';
import { DeleteMessageButton } from './delete-message-button';
import { EmojiPickerButton } from './emoji-picker-button';
import { MessageMoreButton } from './message-more-button';
import { useMessageActionsContext } from '../hooks/use-message-actions';

const buttonClasses =
  'inline-flex size-7 items-center justify-center rounded-md text-muted-fg transition-colors hover:bg-surface-2 hover:text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50';

// The report dialog loads on the first press of Report, not with the room.
const ReportDialog = lazy(() => import('../../moderation').then((m) => ({ default: m.ReportDialog })));

/** Report for another's message: the dialog comes on the first press and opens at once. */
function ReportButton({ message, className }: { message: ChatMessage; className: string }) {
  const [wanted, setWanted] = useState(false);
  const button = (
    <button
      type="button"
      className={className}
      aria-label={MODERATION_TEXTS.report}
      title={MODERATION_TEXTS.report}
      aria-haspopup="dialog"
      onClick={() => setWanted(true)}
    >
      <Flag aria-hidden="true" className="size-4" />
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <ReportDialog target={{ message }} trigger={button} defaultOpen />
    </Suspense>
  );
}

/** One icon button of the toolbar, named by its label. */
function ToolbarButton({
  label,
  icon: Icon,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
}) {
  return (
    <button type="button" className={buttonClasses} aria-label={label} title={label} onClick={onClick}>
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}

interface MessageToolbarProps {
  message: ChatMessage;
  canReport: boolean;
}

/**
 * The actions of a message, floating at its top right: shown while the message is hovered or
 * holds the focus (always on touch screens, which cannot hover). React, Reply, Edit and Delete as
 * the room's and the message's own rights allow, Report for others' messages, and 'More actions'
 * (Copy link, Pin). What each does comes from the room (`MessageActionsContext`).
 */
export function MessageToolbar({ message, canReport }: MessageToolbarProps) {
  const actions = useMessageActionsContext();
  if (!actions) return null;
  return (
    <div
      role="group"
      aria-label={CHAT_TEXTS.messageActions.toolbar}
      data-testid="message-toolbar"
      className="absolute top-1 right-2 z-10 flex items-center gap-0.5 rounded-lg border border-border bg-surface p-0.5 opacity-0 shadow-pop transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 has-[[data-state=open]]:opacity-100 pointer-coarse:static pointer-coarse:ml-auto pointer-coarse:w-fit pointer-coarse:opacity-100 pointer-coarse:shadow-none"
    >
      <EmojiPickerButton
        disabled={!actions.canReact}
        onPick={(emoji) => actions.react(message.id, emoji)}
        className={buttonClasses}
      />
      {actions.canReply ? (
        <ToolbarButton label="Reply" icon={Reply} onClick={() => actions.reply(message)} />
      ) : null}
      {message.can_edit ? (
        <ToolbarButton label="Edit" icon={Pencil} onClick={() => actions.edit(message)} />
      ) : null}
      {message.can_delete ? (
        <DeleteMessageButton className={buttonClasses} compact onDelete={() => actions.remove(message.id)} />
      ) : null}
      {canReport ? <ReportButton message={message} className={buttonClasses} /> : null}
      <MessageMoreButton messageId={message.id} className={buttonClasses} />
    </div>
  );
}
