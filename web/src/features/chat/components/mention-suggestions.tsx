import { cn } from '../../../lib/cn';

interface MentionSuggestionsProps {
  id: string;
  usernames: string[];
  active: number;
  onPick: (username: string) => void;
}

/** Usernames matching the typed @handle; arrow keys move, Enter or Tab picks. */
export function MentionSuggestions({ id, usernames, active, onPick }: MentionSuggestionsProps) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label="Mention suggestions"
      className="absolute bottom-full left-0 z-20 mb-2 max-h-56 w-64 max-w-full overflow-y-auto rounded-lg border border-border bg-surface p-1 shadow-pop"
    >
      {usernames.map((username, i) => (
        <li
          key={username}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          onMouseDown={(event) => {
            event.preventDefault(); // keep focus in the input
            onPick(username);
          }}
          className={cn(
            'cursor-pointer rounded-md px-2 py-1.5 text-sm',
            i === active ? 'bg-accent-soft text-accent-text' : 'text-fg hover:bg-surface-2',
          )}
        >
          @{username}
        </li>
      ))}
    </ul>
  );
}
