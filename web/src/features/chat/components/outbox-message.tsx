import { cn } from '../../../lib/cn';
import { formatMessageTimestamp } from '../../../lib/time';
import { UserAvatar } from '../../profile';
import { entryText, OUTBOX_TEXTS, type OutboxEntry } from '../lib/outbox';
import { MessageBody } from './message-body';
import { OutboxStatus } from './outbox-status';

interface OutboxMessageProps {
  entry: OutboxEntry;
  me: string;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  onExternalLink: (href: string) => void;
}

/** A message of the viewer's that the server has not confirmed: muted while sending, marked when refused. */
export function OutboxMessage({ entry, me, onRetry, onDiscard, onExternalLink }: OutboxMessageProps) {
  const failed = entry.status === 'failed';
  const time = formatMessageTimestamp(entry.queued_at);
  const files = entry.frame.action === 'send_message' ? (entry.frame.attachments?.length ?? 0) : 0;
  return (
    <article
      data-outbox={entry.status}
      aria-label={`${me} at ${time}, ${failed ? OUTBOX_TEXTS.notSent : OUTBOX_TEXTS.sending}`}
      className={cn(
        'flex gap-3 rounded-lg px-3 py-2',
        failed ? 'border border-danger-text/40 bg-surface-2/60' : 'opacity-70',
      )}
    >
      <UserAvatar username={me} className="mt-0.5" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-sm font-semibold text-fg">{me}</span>
          <time dateTime={entry.queued_at} className="text-xs text-muted-fg">
            {time}
          </time>
        </div>
        {entryText(entry) ? (
          <MessageBody text={entryText(entry)} mentions={[]} onExternalLink={onExternalLink} />
        ) : null}
        {files > 0 ? <p className="text-xs text-muted-fg">📎 {OUTBOX_TEXTS.files(files)}</p> : null}
        <OutboxStatus entry={entry} onRetry={onRetry} onDiscard={onDiscard} />
      </div>
    </article>
  );
}
