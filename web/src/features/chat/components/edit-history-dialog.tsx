import { lazy, Suspense, useState } from 'react';
import { CHAT_TEXTS } from '@studium/protocol';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';

// The versions' list and its read load when the dialog first opens: most rooms never open one.
const EditHistoryVersions = lazy(() => import('./edit-history-versions'));

/** The '(edited)' label: a button opening the message's versions, newest first, the original last. */
export function EditHistoryButton({ messageId, editCount }: { messageId: number; editCount: number }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <button
          type="button"
          className="rounded text-xs text-muted-fg underline-offset-2 hover:text-fg hover:underline"
          aria-haspopup="dialog"
        >
          (edited)
        </button>
      </DialogTrigger>
      <DialogContent title={CHAT_TEXTS.chat.editHistoryTitle}>
        <Suspense
          fallback={
            <div className="flex justify-center py-4">
              <Spinner size="sm" label="Loading the edit history" />
            </div>
          }
        >
          <EditHistoryVersions messageId={messageId} editCount={editCount} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
