import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { CHAT_TEXTS } from '@studium/protocol';
import { ConfirmDialog } from '../../../components/ui/dialog';

const t = CHAT_TEXTS.chat;

/** Delete, behind a confirmation; the dialog stays open until the deletion is sent. */
export function DeleteMessageButton({
  className,
  compact = false,
  onDelete,
}: {
  className: string;
  /** An icon alone (in the message toolbar); the name stays 'Delete'. */
  compact?: boolean;
  onDelete: () => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" className={className} title={compact ? t.deleteConfirm : undefined}>
          <Trash2 aria-hidden="true" className={compact ? 'size-4' : 'size-3.5'} />
          {compact ? <span className="sr-only">{t.deleteConfirm}</span> : t.deleteConfirm}
        </button>
      }
      title={t.deleteTitle}
      description={t.deleteBody}
      confirmLabel={t.deleteConfirm}
      pendingLabel="Deleting…"
      pending={pending}
      onConfirm={() => {
        setPending(true);
        void onDelete().then((done) => {
          setPending(false);
          if (done) setOpen(false);
        });
      }}
    />
  );
}
