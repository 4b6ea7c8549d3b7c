import { lazy, Suspense, useState } from 'react';
import { Flag, Pencil, Reply } from 'lucide-react';
import { CHAT_TEXTS, MODERATION_TEXTS, type ChatMessage } from '@studium/protocol';
import { DeleteMessageButton } from './delete-message-button';
import { EmojiPickerButton } from './emoji-picker-button';
import { MessageMoreButton } from './message-more-button';

const buttonClasses =
  'inline-flex size-7 items-center justify-center rounded-md text-muted-fg transition-colors hover:bg-surface-2 hover:text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50';

// The report dialog loads on the first press of Report, not with the room.
const ReportDialog = lazy(() =>
  import('../../moderation/components/report-dialog').then((m) => ({ default: m.ReportDialog })),
);

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

interface MessageToolbarProps {
  message: ChatMessage;
  canReact: boolean;
  canReply: boolean;
  canReport: boolean;
  onReact: (emoji: string) => void;
  onReply: () => void;
  onEdit: () => void;
  onDelete?: () => Promise<boolean>;
}

/**
 * The actions of a message, floating at its top right: shown while the message is hovered or
 * holds the focus (always on touch screens, which cannot hover). React, Reply, Edit and Delete as
 * the message's own rights allow, Report for others' messages, and 'More actions' (Copy link, Pin).
 */
export function MessageToolbar(props: MessageToolbarProps) {
  const { message, canReact, canReply, canReport, onDelete } = props;
  return (
    <div
      role="group"
      aria-label={CHAT_TEXTS.messageActions.toolbar}
      data-testid="message-toolbar"
      className="absolute top-1 right-2 z-10 flex items-center gap-0.5 rounded-lg border border-border bg-surface p-0.5 opacity-0 shadow-pop transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 has-[[data-state=open]]:opacity-100 pointer-coarse:static pointer-coarse:ml-auto pointer-coarse:w-fit pointer-coarse:opacity-100 pointer-coarse:shadow-none"
    >
      <EmojiPickerButton disabled={!canReact} onPick={props.onReact} className={buttonClasses} />
      {canReply ? (
        <button
          type="button"
          className={buttonClasses}
          aria-label="Reply"
          title="Reply"
          onClick={props.onReply}
        >
          <Reply aria-hidden="true" className="size-4" />
        </button>
      ) : null}
      {message.can_edit ? (
        <button type="button" className={buttonClasses} aria-label="Edit" title="Edit" onClick={props.onEdit}>
          <Pencil aria-hidden="true" className="size-4" />
        </button>
      ) : null}
      {message.can_delete && onDelete ? (
        <DeleteMessageButton className={buttonClasses} compact onDelete={onDelete} />
      ) : null}
      {canReport ? <ReportButton message={message} className={buttonClasses} /> : null}
      <MessageMoreButton messageId={message.id} className={buttonClasses} />
    </div>
  );
}
