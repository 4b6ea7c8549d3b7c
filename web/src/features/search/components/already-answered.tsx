import { useState } from 'react';
import { X } from 'lucide-react';
import { looksLikeQuestion, SEARCH_TEXTS } from '@studium/protocol';
import { useSimilarQuestions } from '../api/get-similar';
import { useDebounced } from '../hooks/use-debounced';
import { SearchHit } from './search-hit';

/**
 * 'Already answered?' beside the composer (docs/search.md): while the draft looks like a question,
 * up to three earlier messages of the room like it; dismissed until the draft is sent or cleared.
 */
export function AlreadyAnswered({ roomId, draft }: { roomId: number; draft: string }) {
  const settled = useDebounced(draft.trim(), 500);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const asking = looksLikeQuestion(settled) ? settled : null;
  const similar = useSimilarQuestions(roomId, asking);
  if (draft.trim() === '' && dismissedFor !== null) setDismissedFor(null);
  const hits = asking && draft.trim() !== '' ? (similar.data ?? []) : [];
  if (hits.length === 0 || dismissedFor !== null) return null;
  return (
    <aside
      aria-label={SEARCH_TEXTS.similarTitle}
      className="mx-3 mb-2 rounded-lg border border-border bg-surface-2/60 sm:mx-4"
    >
      <div className="flex items-center justify-between px-4 pt-2">
        <h2 className="text-sm font-semibold text-fg">{SEARCH_TEXTS.similarTitle}</h2>
        <button
          type="button"
          onClick={() => setDismissedFor(settled)}
          aria-label={SEARCH_TEXTS.similarDismiss}
          className="rounded-md p-1 text-muted-fg hover:bg-surface-2 hover:text-fg"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      <ul className="pb-1">
        {hits.map((hit) => (
          <li key={hit.id}>
            <SearchHit hit={hit} compact />
          </li>
        ))}
      </ul>
    </aside>
  );
}
