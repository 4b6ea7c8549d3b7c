import { ATTACHMENT_LIMITS, ATTACHMENT_TEXTS, CHAT_TEXTS, LIMITS, megabytes } from '@studium/protocol';
import { cn } from '../../../lib/cn';

interface ComposerFooterProps {
  enterSends: boolean;
  /** The upload limits, when the composer takes attachments. */
  attachments: { limits?: { max_bytes: number; used_bytes: number; quota_bytes: number } } | null;
  /** Characters of the text as it would be sent. */
  length: number;
}

/** The line under the input: keys, what a message may contain, attachment limits, the counter. */
export function ComposerFooter({ enterSends, attachments, length }: ComposerFooterProps) {
  const limits = attachments?.limits;
  return (
    <p className="mt-1 flex justify-between gap-2 text-xs text-muted-fg">
      <span className="hidden sm:inline" data-testid="keys-hint">
        {CHAT_TEXTS.composer.keysHint(enterSends)}
      </span>
      <span data-testid="formatting-hint">{CHAT_TEXTS.composer.formattingHint}</span>
      {attachments ? (
        <span className="hidden md:inline" data-testid="attachment-hint">
          {ATTACHMENT_TEXTS.hint(megabytes(limits?.max_bytes ?? ATTACHMENT_LIMITS.maxBytesDefault))}
          {limits
            ? ` · ${ATTACHMENT_TEXTS.quotaUsage(megabytes(limits.used_bytes), megabytes(limits.quota_bytes))}`
            : null}
        </span>
      ) : null}
      <span
        className={cn('ml-auto', length > LIMITS.messageMax && 'font-medium text-danger-text')}
        aria-live="polite"
        data-testid="char-counter"
      >
        {length >= LIMITS.composerCounterFrom ? `${length}/${LIMITS.messageMax}` : ''}
      </span>
    </p>
  );
}
