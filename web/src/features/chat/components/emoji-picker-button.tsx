import { lazy, Suspense, useState } from 'react';
import { SmilePlus } from 'lucide-react';
import { Popover } from 'radix-ui';
import { Spinner } from '../../../components/ui/spinner';

// frimousse and its data load when a picker first opens, never with the room.
const ReactionPicker = lazy(() => import('./emoji-picker'));

/** 'Add reaction': any emoji, from a searchable picker (docs/chat.md). */
export function EmojiPickerButton({
  disabled,
  onPick,
}: {
  disabled?: boolean;
  onPick: (emoji: string) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          disabled={disabled}
          aria-label="Add reaction"
          title="Add reaction"
          className="inline-flex h-7 items-center rounded-full border border-border px-2 text-muted-fg transition-colors hover:bg-surface-2 hover:text-fg disabled:pointer-events-none disabled:opacity-50"
        >
          <SmilePlus aria-hidden="true" className="size-3.5" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={6}
          collisionPadding={8}
          aria-label="Pick a reaction"
          className="z-50 rounded-lg border border-border bg-surface shadow-pop"
        >
          <Suspense
            fallback={
              <div className="flex h-[22rem] w-[19rem] items-center justify-center">
                <Spinner size="sm" label="Loading emoji" />
              </div>
            }
          >
            <ReactionPicker
              onPick={(emoji) => {
                setOpen(false);
                onPick(emoji);
              }}
            />
          </Suspense>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
