import { lazy, Suspense, useState } from 'react';
import { SmilePlus } from 'lucide-react';

// The popover (and its positioning code) loads on the first press, not with the room.
const EmojiPickerPopover = lazy(() => import('./emoji-picker-popover'));

export const addReactionClasses =
  'inline-flex h-7 items-center rounded-full border border-border px-2 text-muted-fg transition-colors hover:bg-surface-2 hover:text-fg disabled:pointer-events-none disabled:opacity-50';

/** 'Add reaction': any emoji, from a searchable picker (docs/chat.md). */
export function EmojiPickerButton({
  disabled,
  onPick,
  className = addReactionClasses,
}: {
  disabled?: boolean;
  onPick: (emoji: string) => void;
  className?: string;
}) {
  const [wanted, setWanted] = useState(false);
  const button = (
    <button
      type="button"
      disabled={disabled}
      aria-label="Add reaction"
      title="Add reaction"
      aria-busy={wanted || undefined}
      onClick={() => setWanted(true)}
      className={className}
    >
      <SmilePlus aria-hidden="true" className="size-4" />
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <EmojiPickerPopover disabled={disabled} onPick={onPick} className={className} defaultOpen />
    </Suspense>
  );
}
