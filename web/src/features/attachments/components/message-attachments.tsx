import { useState } from 'react';
import { Download, FileText } from 'lucide-react';
import { ATTACHMENT_TEXTS, type Attachment } from '@studium/protocol';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { formatBytes } from '../lib/format-bytes';

/** A message's attachments: images as thumbnails that open the full image, files as download chips. */
export function MessageAttachments({ attachments }: { attachments: Attachment[] }) {
  const [open, setOpen] = useState<Attachment | null>(null);
  if (attachments.length === 0) return null;
  return (
    // items-start: each tile keeps its own height (a file chip beside a tall image is not stretched).
    <div className="mt-1 flex flex-wrap items-start gap-2" data-testid="message-attachments">
      {attachments.map((a) =>
        a.kind === 'image' && a.thumbnail_url ? (
          <button
            key={a.id}
            type="button"
            aria-label={ATTACHMENT_TEXTS.openImage(a.name)}
            onClick={() => setOpen(a)}
            className="overflow-hidden rounded-md border border-border hover:border-accent"
          >
            <img
              src={a.thumbnail_url}
              alt={a.name}
              loading="lazy"
              width={thumbSize(a).width}
              height={thumbSize(a).height}
              className="block max-h-80 max-w-80"
            />
          </button>
        ) : (
          <a
            key={a.id}
            href={a.url}
            download={a.name}
            data-testid="file-chip"
            className="flex max-w-72 items-center gap-2 rounded-md border border-border bg-surface-2 px-3 py-2 text-sm text-fg hover:border-accent"
          >
            <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-fg" />
            <span className="truncate">{a.name}</span>
            <span className="shrink-0 text-xs text-muted-fg">{formatBytes(a.size)}</span>
            <Download aria-hidden="true" className="size-4 shrink-0" />
            <span className="sr-only">{ATTACHMENT_TEXTS.download}</span>
          </a>
        ),
      )}
      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        {open ? (
          <DialogContent title={open.name} className="max-w-[min(92vw,1200px)]">
            <img src={open.url} alt={open.name} className="mx-auto max-h-[75vh] max-w-full object-contain" />
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}

/** The thumbnail's box (≤ 320 px), reserved before it loads so the list does not jump. */
function thumbSize(a: Attachment) {
  const w = a.width ?? 320;
  const h = a.height ?? 320;
  const scale = Math.min(1, 320 / Math.max(w, h));
  return { width: Math.round(w * scale), height: Math.round(h * scale) };
}
