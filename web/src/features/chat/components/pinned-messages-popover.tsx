import { useId, useState, type ReactNode } from 'react';
import { Popover } from 'radix-ui';
import { BLOCKS_TEXTS, CHAT_TEXTS, type HiddenReason, type PinnedMessage } from '@studium/protocol';
import { Spinner } from '../../../components/ui/spinner';
import { formatMessageTimestamp } from '../../../lib/time';
import { useHiddenReason } from '../../blocks';
import { usePins } from '../api/pins';
import { previewText } from '../lib/text';

const t = CHAT_TEXTS.pins;
/** Characters of a pin's one-line preview. */
const PREVIEW_MAX = 120;

/**
 * A pin's preview: its text as plain text, or 'Attachment' for a message that is only files. A
 * blocked or muted author's pin says so instead, as their message does in the room (docs/blocks.md).
 */
function pinPreview(pin: PinnedMessage, hidden: HiddenReason | null) {
  if (hidden) return hidden === 'blocked' ? BLOCKS_TEXTS.blockedMessage : BLOCKS_TEXTS.mutedMessage;
  return previewText(pin.message, PREVIEW_MAX) || (pin.attachment_count > 0 ? t.attachmentOnly : '');
}

/**
 * The list of the room's pins under the 'Pinned' button (pinned-messages.tsx), newest first, each
 * with its author, time and a plain-text preview; choosing one jumps to the message in the room.
 * Loaded on the first press, so it opens at once.
 */
export default function PinnedMessagesPopover({
  roomId,
  onJumpTo,
  trigger,
}: {
  roomId: number;
  onJumpTo: (id: number) => void;
  trigger: ReactNode;
}) {
  const [open, setOpen] = useState(true);
  const pins = usePins(roomId);
  const hiddenReason = useHiddenReason();
  const titleId = useId();
  const count = pins.data?.pins.length ?? 0;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-labelledby={titleId}
          className="z-50 flex max-h-[min(28rem,70vh)] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-lg border border-border bg-surface text-fg shadow-pop"
        >
          <h2 id={titleId} className="border-b border-border px-3 py-2 text-sm font-semibold">
            {t.title}
          </h2>
          <div className="overflow-y-auto p-1">
            {pins.isPending ? (
              <div className="flex justify-center p-4">
                <Spinner size="sm" label={t.title} />
              </div>
            ) : pins.isError ? (
              <p className="p-3 text-sm text-danger-text">{t.loadFailed}</p>
            ) : count === 0 ? (
              <p className="p-3 text-sm text-muted-fg">{t.empty}</p>
            ) : (
              <ul className="flex flex-col">
                {pins.data.pins.map((pin) => (
                  <li key={pin.message_id}>
                    <button
                      type="button"
                      data-testid="pinned-message"
                      onClick={() => {
                        setOpen(false);
                        onJumpTo(pin.message_id);
                      }}
                      className="flex w-full flex-col gap-0.5 rounded-md px-2 py-2 text-left hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none"
                    >
                      <span className="flex items-baseline gap-2 text-xs">
                        <span className="font-semibold text-fg">{pin.username}</span>
                        <time dateTime={pin.timestamp} className="text-muted-fg">
                          {formatMessageTimestamp(pin.timestamp)}
                        </time>
                      </span>
                      <span className="line-clamp-2 text-sm break-words text-fg">
                        {pinPreview(pin, hiddenReason(pin))}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
