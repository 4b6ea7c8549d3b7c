import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MessageSquarePlus } from 'lucide-react';
import { toast } from 'sonner';
import { DM_PAGE_TEXTS } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { useStartDirectMessage } from '../api/open-direct-message';
import { UserPicker } from './user-picker';

/** 'New message': pick a user, open (or find) the DM room and go there. */
export function NewMessageDialog({
  me,
  variant = 'primary',
}: {
  me: string | null;
  variant?: 'primary' | 'secondary';
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const start = useStartDirectMessage();
  const navigate = useNavigate();

  const onPick = async (username: string) => {
    try {
      const { room } = await start.mutateAsync(username);
      setOpen(false);
      void navigate(paths.chat.href(room));
    } catch (err) {
      toast.error(errorText(err, DM_PAGE_TEXTS.openFailed));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setQuery('');
      }}
    >
      <DialogTrigger asChild>
        <Button variant={variant} size="sm">
          <MessageSquarePlus aria-hidden="true" className="size-4" />
          {DM_PAGE_TEXTS.newMessage}
        </Button>
      </DialogTrigger>
      <DialogContent title={DM_PAGE_TEXTS.newMessage} description="Start a direct conversation with someone.">
        <UserPicker
          query={query}
          onQueryChange={setQuery}
          exclude={me ? [me] : []}
          onPick={(u) => void onPick(u)}
          disabled={start.isPending}
          autoFocus
        />
      </DialogContent>
    </Dialog>
  );
}
