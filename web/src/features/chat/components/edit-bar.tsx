import { Pencil, X } from 'lucide-react';
import { CHAT_TEXTS } from '@studium/protocol';

/** Above the input while a message is edited: what the keys do (as they really do), and Cancel. */
export function EditBar({ enterSends, onCancel }: { enterSends: boolean; onCancel: () => void }) {
  return (
    <div className="flex items-center gap-2 rounded-t-lg border border-b-0 border-border bg-surface-2 px-3 py-2 text-xs text-muted-fg">
      <Pencil aria-hidden="true" className="size-3.5" />
      <span className="flex-1" data-testid="edit-hint">
        {CHAT_TEXTS.composer.editHint(enterSends)}
      </span>
      <button
        type="button"
        aria-label="Cancel edit"
        onClick={onCancel}
        className="rounded-md p-1 hover:bg-surface hover:text-fg"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
