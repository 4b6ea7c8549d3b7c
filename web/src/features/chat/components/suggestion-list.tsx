import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

interface SuggestionListProps {
  id: string;
  /** 'Mention suggestions', 'Emoji suggestions'. */
  label: string;
  items: { key: string; content: ReactNode }[];
  active: number;
  onPick: (index: number) => void;
}

/**
 * What the composer suggests for the word being typed (an @handle, a :shortcode:), above the
 * input; arrow keys move, Enter or Tab picks, Escape closes (the textbox keeps the focus).
 */
export function SuggestionList({ id, label, items, active, onPick }: SuggestionListProps) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={label}
      className="absolute bottom-full left-0 z-20 mb-2 max-h-56 w-64 max-w-full overflow-y-auto rounded-lg border border-border bg-surface p-1 shadow-pop"
    >
      {items.map((item, i) => (
        <li
          key={item.key}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          onMouseDown={(event) => {
            event.preventDefault(); // keep focus in the input
            onPick(i);
          }}
          className={cn(
            'cursor-pointer rounded-md px-2 py-1.5 text-sm',
            i === active ? 'bg-accent-soft text-accent-text' : 'text-fg hover:bg-surface-2',
          )}
        >
          {item.content}
        </li>
      ))}
    </ul>
  );
}
