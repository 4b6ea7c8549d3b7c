import type { ReactNode } from 'react';
import { X } from 'lucide-react';

/** A bar on top of the composer's input (a reply being written, a message being edited) with its Cancel. */
export function ComposerBar({
  children,
  cancelLabel,
  onCancel,
}: {
  children: ReactNode;
  cancelLabel: string;
  onCancel: () => void;
}) {
  return (
    <div className="flex items-center gap-2 rounded-t-lg border border-b-0 border-border bg-surface-2 px-3 py-2 text-xs text-muted-fg">
      {children}
      <button
        type="button"
        aria-label={cancelLabel}
        onClick={onCancel}
        className="rounded-md p-1 text-muted-fg hover:bg-surface hover:text-fg"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
