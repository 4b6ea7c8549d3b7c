import { LIMITS, type ChatMessage } from '@studium/protocol';
import { messagePreview } from '../lib/text';
import { ComposerBar } from './composer-bar';

/** 'Replying to …' above the input, with a 100-character preview and cancel. */
export function ReplyBar({ message, onCancel }: { message: ChatMessage; onCancel: () => void }) {
  return (
    <ComposerBar cancelLabel="Cancel reply" onCancel={onCancel}>
      <span className="min-w-0 flex-1 truncate" data-testid="reply-preview">
        Replying to <span className="font-semibold text-fg">@{message.username}</span>:{' '}
        {messagePreview(message, LIMITS.replyPreviewComposer)}
      </span>
    </ComposerBar>
  );
}
