import { X } from 'lucide-react';
import { LIMITS, type ChatMessage } from '@studium/protocol';
import { messagePreview } from '../lib/text';

/** 'Replying to …' above the input, with a 100-character preview and cancel. */
export function ReplyBar({ message, onCancel }: { message: ChatMessage; onCancel: () => void }) {
  return (
    <div className="flex items-center gap-2 rounded-t-lg border border-b-0 border-border bg-surface-2 px-3 py-2 text-xs">
      <span className="min-w-0 flex-1 truncate text-muted-fg" data-testid="reply-preview">
        Replying to <span className="font-semibold text-fg">@{message.username}</span>:{' '}
        {messagePreview(message, LIMITS.replyPreviewComposer)}
      </span>
      <button
        type="button"
        aria-label="Cancel reply"
        onClick={onCancel}
        className="rounded-md p-1 text-muted-fg hover:bg-surface hover:text-fg"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
