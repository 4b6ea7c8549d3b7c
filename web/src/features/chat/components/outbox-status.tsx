import { AlertCircle, Clock, RotateCcw, Trash2 } from 'lucide-react';
import { OUTBOX_TEXTS } from '../lib/outbox';
import type { OutboxEntry } from '../lib/outbox';

const buttonClasses =
  'inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs font-medium transition-colors hover:bg-surface-2';

interface OutboxStatusProps {
  entry: OutboxEntry;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
}

/**
 * Under a message or an edit the server has not confirmed: 'Sending…' while it waits, or the
 * server's reason with Retry and Discard once it was refused (docs/chat.md: Outbox).
 */
export function OutboxStatus({ entry, onRetry, onDiscard }: OutboxStatusProps) {
  const editing = entry.frame.action === 'edit_message';
  if (entry.status === 'pending')
    return (
      <p className="flex items-center gap-1 text-xs text-muted-fg" data-testid="outbox-status">
        <Clock aria-hidden="true" className="size-3" />
        {editing ? OUTBOX_TEXTS.saving : OUTBOX_TEXTS.sending}
      </p>
    );
  return (
    <div className="flex flex-wrap items-center gap-1" data-testid="outbox-status">
      <p className="flex items-center gap-1 text-xs text-danger-text">
        <AlertCircle aria-hidden="true" className="size-3.5" />
        {editing ? OUTBOX_TEXTS.editFailed : OUTBOX_TEXTS.sendFailed}: {entry.error}
      </p>
      <button type="button" className={`${buttonClasses} text-fg`} onClick={() => onRetry(entry.client_id)}>
        <RotateCcw aria-hidden="true" className="size-3.5" />
        {OUTBOX_TEXTS.retry}
      </button>
      <button
        type="button"
        className={`${buttonClasses} text-muted-fg hover:text-fg`}
        onClick={() => onDiscard(entry.client_id)}
      >
        <Trash2 aria-hidden="true" className="size-3.5" />
        {OUTBOX_TEXTS.discard}
      </button>
    </div>
  );
}
