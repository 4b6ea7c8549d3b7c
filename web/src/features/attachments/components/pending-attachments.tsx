import { X } from 'lucide-react';
import { ATTACHMENT_TEXTS } from '@studium/protocol';
import type { PendingUpload } from '../hooks/use-attachment-uploads';

/** The uploads waiting for Send: name, progress while uploading, and a remove button. */
export function PendingAttachments({
  uploads,
  onRemove,
}: {
  uploads: PendingUpload[];
  onRemove: (key: string) => void;
}) {
  if (uploads.length === 0) return null;
  return (
    <ul className="mb-2 flex flex-wrap gap-2" aria-label="Attachments">
      {uploads.map((u) => (
        <li
          key={u.key}
          className="flex max-w-60 items-center gap-2 rounded-md border border-border bg-surface-2 px-2 py-1 text-xs text-fg"
        >
          {u.attachment?.thumbnail_url ? (
            <img src={u.attachment.thumbnail_url} alt="" className="size-8 rounded object-cover" />
          ) : null}
          <span className="truncate">{u.name}</span>
          {u.attachment ? null : (
            <span aria-live="polite" className="shrink-0 text-muted-fg">
              {ATTACHMENT_TEXTS.uploading(u.progress)}
            </span>
          )}
          {u.attachment ? null : (
            <progress max={100} value={u.progress} aria-label={u.name} className="h-1 w-12 shrink-0" />
          )}
          <button
            type="button"
            aria-label={`${ATTACHMENT_TEXTS.remove} ${u.name}`}
            onClick={() => onRemove(u.key)}
            className="shrink-0 rounded p-0.5 hover:bg-surface hover:text-fg"
          >
            <X aria-hidden="true" className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}
