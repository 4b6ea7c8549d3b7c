import { EyeOff } from 'lucide-react';
import { BLOCKS_TEXTS, type ChatMessage, type HiddenReason } from '@studium/protocol';
import { formatMessageTimestamp } from '../../../lib/time';

/**
 * A message collapsed because the viewer blocked or muted its author: no name, no text, and a
 * click to show it (docs/blocks.md).
 */
export function HiddenMessage({
  message,
  reason,
  highlighted,
  onShow,
}: {
  message: ChatMessage;
  reason: HiddenReason;
  highlighted?: boolean;
  onShow: () => void;
}) {
  const text = reason === 'blocked' ? BLOCKS_TEXTS.blockedMessage : BLOCKS_TEXTS.mutedMessage;
  const time = formatMessageTimestamp(message.timestamp);
  return (
    <article
      id={`message-${message.id}`}
      data-message-id={message.id}
      data-hidden={reason}
      data-highlighted={highlighted ? 'true' : undefined}
      aria-label={`${text} at ${time}`}
      className="flex items-center gap-3 rounded-lg px-3 py-2 data-[highlighted=true]:bg-accent-soft"
    >
      <EyeOff aria-hidden="true" className="size-4 shrink-0 text-muted-fg" />
      <p className="flex-1 text-sm text-muted-fg italic">{text}</p>
      <button
        type="button"
        onClick={onShow}
        className="inline-flex h-7 items-center rounded-md px-2 text-xs text-muted-fg transition-colors hover:bg-surface-2 hover:text-fg"
      >
        {BLOCKS_TEXTS.showMessage}
      </button>
    </article>
  );
}
