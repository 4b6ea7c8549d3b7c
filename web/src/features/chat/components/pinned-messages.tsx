import { lazy, Suspense, useState } from 'react';
import { Pin } from 'lucide-react';
import { CHAT_TEXTS } from '@studium/protocol';
import { usePins } from '../api/pins';

// The list (and the positioning code under it) loads on the first press, not with the room.
const PinnedMessagesPopover = lazy(() => import('./pinned-messages-popover'));

const t = CHAT_TEXTS.pins;

/**
 * 'Pinned' in the chat header, with the room's count of pins: it opens the list of pins, and
 * choosing one jumps to the message in the room (docs/chat.md).
 */
export function PinnedMessages({ roomId, onJumpTo }: { roomId: number; onJumpTo: (id: number) => void }) {
  const [wanted, setWanted] = useState(false);
  const count = usePins(roomId).data?.pins.length ?? 0;
  const button = (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-busy={wanted || undefined}
      onClick={() => setWanted(true)}
      className="inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-sm text-muted-fg transition-colors hover:bg-surface-2 hover:text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Pin aria-hidden="true" className="size-4" />
      {t.button}
      {count > 0 ? (
        <span className="rounded-full bg-surface-2 px-1.5 text-xs font-medium text-fg">{count}</span>
      ) : null}
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <PinnedMessagesPopover roomId={roomId} onJumpTo={onJumpTo} trigger={button} />
    </Suspense>
  );
}
