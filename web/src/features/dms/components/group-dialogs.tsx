import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { X } from 'lucide-react';
import { toast } from 'sonner';
import { DMS_LIMITS, GROUP_TEXTS, type RoomDetail } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog, Dialog, DialogContent } from '../../../components/ui/dialog';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { useAddGroupMembers, useLeaveGroup } from '../api/manage-group';
import { UserPicker } from './user-picker';

const t = GROUP_TEXTS;

interface GroupDialogProps {
  room: RoomDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Leave group', behind a confirmation; confirmed, the conversations show at once (the group's
 * live connection is about to be closed) and lose the group when the server has answered.
 */
export function LeaveGroupDialog({ room, open, onOpenChange }: GroupDialogProps) {
  const leave = useLeaveGroup(room.id, {
    done: () => toast.success(t.left),
    failed: (err) => toast.error(errorText(err, t.leaveFailed)),
  });
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t.leaveTitle}
      description={t.leaveBody}
      confirmLabel={t.leaveConfirm}
      pendingLabel="Leaving…"
      pending={leave.isPending}
      onConfirm={() => {
        onOpenChange(false);
        void navigate(paths.dms.href());
        leave.mutate();
      }}
    />
  );
}

/** 'Add people': the owner picks users; the server says who may not be added and why. */
export function AddMembersDialog({ room, open, onOpenChange }: GroupDialogProps) {
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const add = useAddGroupMembers(room.id);
  const members = (room.members ?? []).map((m) => m.username ?? '').filter(Boolean);
  const placesLeft = Math.max(0, DMS_LIMITS.groupMembersMax + 1 - members.length);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setQuery('');
      setPicked([]);
      setError(null);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (picked.length === 0) return;
    add.mutate(picked, {
      onSuccess: () => {
        toast.success(t.added);
        close(false);
      },
      onError: (err) => {
        const text = errorText(err, t.addFailed);
        setError(text);
        toast.error(text);
      },
    });
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title={t.addTitle} description={room.name}>
        <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          {picked.length ? (
            <ul aria-label={t.addTitle} className="flex flex-wrap gap-2">
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
          ) : null}
          {error ? <p className="text-sm text-danger-text">{error}</p> : null}
          <UserPicker
            query={query}
            onQueryChange={setQuery}
            exclude={[...members, ...picked]}
            disabled={picked.length >= placesLeft}
            autoFocus
            onPick={(u) => {
              setPicked((list) => (list.includes(u) ? list : [...list, u]));
              setQuery('');
            }}
          />
          <div className="flex justify-end">
            <Button type="submit" loading={add.isPending} disabled={add.isPending || picked.length === 0}>
              {t.addConfirm}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
