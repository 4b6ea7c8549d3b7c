import { lazy, Suspense, useState } from 'react';
import { SmilePlus } from 'lucide-react';
import { Popover } from 'radix-ui';
import { Spinner } from '../../../components/ui/spinner';
import { addReactionClasses, type EmojiPickerButtonProps } from './emoji-picker-button';

// frimousse and its data load when a picker first opens, never with the room.
const ReactionPicker = lazy(() => import('./emoji-picker'));

/** The popover of an emoji picker button (loaded on the first press, see emoji-picker-button.tsx). */
export default function EmojiPickerPopover({
  disabled,
  onPick,
  label = 'Add reaction',
  pickerLabel = 'Pick a reaction',
  className = addReactionClasses,
  onClosed,
  defaultOpen = false,
}: EmojiPickerButtonProps & { defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button type="button" disabled={disabled} aria-label={label} title={label} className={className}>
          <SmilePlus aria-hidden="true" className="size-4" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={6}
          collisionPadding={8}
          aria-label={pickerLabel}
          onCloseAutoFocus={(event) => {
            if (!onClosed) return;
            event.preventDefault();
            onClosed();
          }}
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
