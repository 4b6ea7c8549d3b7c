import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { UsersRound } from 'lucide-react';
import { toast } from 'sonner';
import { DM_PAGE_TEXTS, DMS_LIMITS, LIMITS } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import { useCreateGroup } from '../api/create-group';
import { PickedUsers } from './picked-users';
import { UserPicker } from './user-picker';

const MAX_MEMBERS = DMS_LIMITS.groupMembersMax;

/** 'New group': a name and several people, then the new group room. */
export function NewGroupDialog({ me }: { me: string | null }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateGroup();
  const navigate = useNavigate();

  const reset = () => {
    setName('');
    setQuery('');
    setPicked([]);
    setErrors({});
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const local: Record<string, string> = {};
    if (!trimmed) local.name = 'Name is required';
    else if (trimmed.length > LIMITS.roomNameMax) local.name = 'Name must be 120 characters or fewer';
    if (picked.length === 0) local.usernames = DM_PAGE_TEXTS.pickUsers;
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      const { room } = await create.mutateAsync({ name: trimmed, usernames: picked });
      toast.success(DM_PAGE_TEXTS.groupCreated);
      setOpen(false);
      reset();
      void navigate(paths.chat.href(room));
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(err.fields);
      toast.error(errorText(err, DM_PAGE_TEXTS.groupFailed));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          <UsersRound aria-hidden="true" className="size-4" />
          {DM_PAGE_TEXTS.newGroup}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={DM_PAGE_TEXTS.newGroup}
        description="Name the group and add the people to study with."
      >
        <form onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4" noValidate>
          <Field label="Group name" error={errors.name}>
            {(ids) => (
              <Input
                {...ids}
                value={name}
                maxLength={LIMITS.roomNameMax}
                onChange={(e) => setName(e.target.value)}
                autoFocus
              />
            )}
          </Field>
          <div className="flex flex-col gap-2">
            <p className="text-sm font-medium text-fg" id="group-members-label">
              Members ({picked.length}/{MAX_MEMBERS})
            </p>
            <PickedUsers
              picked={picked}
              setPicked={setPicked}
              label={{ 'aria-labelledby': 'group-members-label' }}
            />
            {errors.usernames ? <p className="text-sm text-danger-text">{errors.usernames}</p> : null}
          </div>
          <UserPicker
            query={query}
            onQueryChange={setQuery}
            exclude={me ? [me, ...picked] : picked}
            disabled={picked.length >= MAX_MEMBERS}
            onPick={(u) => {
              setPicked((list) => (list.includes(u) || list.length >= MAX_MEMBERS ? list : [...list, u]));
              setQuery('');
            }}
          />
          <div className="flex justify-end">
            <Button type="submit" loading={create.isPending} disabled={create.isPending}>
              Create group
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
