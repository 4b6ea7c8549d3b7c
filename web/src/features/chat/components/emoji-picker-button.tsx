import { lazy, Suspense, useState } from 'react';
import { SmilePlus } from 'lucide-react';

// The popover (and its positioning code) loads on the first press, not with the room.
const EmojiPickerPopover = lazy(() => import('./emoji-picker-popover'));

export const addReactionClasses =
  'inline-flex h-7 items-center rounded-full border border-border px-2 text-muted-fg transition-colors hover:bg-surface-2 hover:text-fg disabled:pointer-events-none disabled:opacity-50';

export interface EmojiPickerButtonProps {
  disabled?: boolean;
  onPick: (emoji: string) => void;
  /** The button's name; 'Add reaction' unless told. */
  label?: string;
  /** The picker's name; 'Pick a reaction' unless told. */
  pickerLabel?: string;
  className?: string;
  /** Where focus goes when the picker closes, instead of back to the button. */
  onClosed?: () => void;
}

/** 'Add reaction' (or the composer's 'Insert emoji'): any emoji, from a searchable picker (docs/chat.md). */
export function EmojiPickerButton(props: EmojiPickerButtonProps) {
  const { disabled, label = 'Add reaction', className = addReactionClasses } = props;
  const [wanted, setWanted] = useState(false);
  const button = (
    <button
      type="button"
      disabled={disabled}
      aria-label={label}
      title={label}
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
      <EmojiPickerPopover {...props} defaultOpen />
    </Suspense>
  );
}
