import { useState } from 'react';
import { toast } from 'sonner';
import { Trash2 } from 'lucide-react';
import { PROFILE_TEXTS } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { useDeleteAccount } from '../api/delete-account';
import { actionErrorText } from '../lib/profile-form';

interface DeleteAccountDialogProps {
  username: string;
  /** Called after the server erased the account (the session is gone). */
  onDeleted: () => void;
}

/** Danger Zone: 'Delete Account' behind a confirmation. */
export function DeleteAccountDialog({ username, onDeleted }: DeleteAccountDialogProps) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();

  const onConfirm = async () => {
    if (remove.isPending) return;
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
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="danger">
          <Trash2 aria-hidden="true" className="size-4" />
          {PROFILE_TEXTS.deleteAccount}
        </Button>
      }
      title={PROFILE_TEXTS.deleteAccount}
      description={PROFILE_TEXTS.deleteConfirm}
      confirmLabel={PROFILE_TEXTS.deleteAccount}
      pendingLabel={PROFILE_TEXTS.deleting}
      pending={remove.isPending}
      onConfirm={() => void onConfirm()}
    />
  );
}
