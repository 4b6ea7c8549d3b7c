import type { Dispatch, SetStateAction } from 'react';
import { X } from 'lucide-react';

/** The people picked for a group, as chips with a Remove button each (nothing when none). */
export function PickedUsers({
  picked,
  setPicked,
  label,
}: {
  picked: string[];
  setPicked: Dispatch<SetStateAction<string[]>>;
  /** Names the list: `{ 'aria-label': … }` or `{ 'aria-labelledby': … }`. */
  label: { 'aria-label': string } | { 'aria-labelledby': string };
}) {
  if (picked.length === 0) return null;
  return (
    <ul {...label} className="flex flex-wrap gap-2">
      {picked.map((u) => (
        <li
          key={u}
          className="flex items-center gap-1 rounded-full border border-border bg-surface-2 py-0.5 pr-1 pl-3 text-sm text-fg"
        >
          {u}
          <button
            type="button"
            aria-label={`Remove ${u}`}
            onClick={() => setPicked((list) => list.filter((x) => x !== u))}
            className="rounded-full p-0.5 text-muted-fg hover:bg-surface hover:text-fg"
          >
            <X aria-hidden="true" className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}
