import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { CHAT_TEXTS, DMS_LIMITS, GROUP_TEXTS, ROOM_ADD_MAX, type RoomDetail } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog, Dialog, DialogContent } from '../../../components/ui/dialog';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { useAddMembers, useLeaveGroup } from '../api/manage-group';
import { PickedUsers } from './picked-users';
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

/**
 * 'Add people', to a group or to a members-only room: the owner (or, in a room, an operator) picks
 * users; the server says who may not be added and why.
 */
export function AddMembersDialog({ room, open, onOpenChange }: GroupDialogProps) {
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const group = room.kind === 'group';
  const add = useAddMembers(room.id, group);
  const members = (room.members ?? []).map((m) => m.username ?? '').filter(Boolean);
  // A group holds its owner and groupMembersMax others; a members-only room takes a few at a time.
  const title = group ? t.addTitle : CHAT_TEXTS.rooms.addTitle;
  const placesLeft = group ? Math.max(0, DMS_LIMITS.groupMembersMax + 1 - members.length) : ROOM_ADD_MAX;
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
      <DialogContent title={title} description={room.name}>
        <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          <PickedUsers picked={picked} setPicked={setPicked} label={{ 'aria-label': title }} />
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
