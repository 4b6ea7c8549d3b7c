import { useState } from 'react';
import { toast } from 'sonner';
import { Trash2 } from 'lucide-react';
import { PROFILE_TEXTS } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { useDeleteAccount } from '../api/delete-account';
import { ensureCsrfCookie } from '../lib/csrf-guard';
import { actionErrorText } from '../lib/profile-form';

interface DeleteAccountDialogProps {
  username: string;
  /** Called after the server erased the account (the session is gone). */
  onDeleted: () => void;
}

/** Danger Zone: 'Delete Account' behind the spec's confirmation. */
export function DeleteAccountDialog({ username, onDeleted }: DeleteAccountDialogProps) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();

  const onConfirm = async () => {
    if (remove.isPending) return;
    if (!(await ensureCsrfCookie())) {
      toast.error(PROFILE_TEXTS.refreshPage);
      return;
    }
    try {
      await remove.mutateAsync(username);
      toast.success(PROFILE_TEXTS.accountDeleted);
      setOpen(false);
      onDeleted();
    } catch (err) {
      toast.error(actionErrorText(err, PROFILE_TEXTS.deleteFailed));
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="danger">
          <Trash2 aria-hidden="true" className="size-4" />
          {PROFILE_TEXTS.deleteAccount}
        </Button>
      </DialogTrigger>
      <DialogContent title={PROFILE_TEXTS.deleteAccount} description={PROFILE_TEXTS.deleteConfirm}>
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary" disabled={remove.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="danger" onClick={() => void onConfirm()} disabled={remove.isPending} loading={remove.isPending}>
            {remove.isPending ? PROFILE_TEXTS.deleting : PROFILE_TEXTS.deleteAccount}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
