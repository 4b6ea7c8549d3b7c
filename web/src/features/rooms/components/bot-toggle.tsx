import { useId } from 'react';
import { toast } from 'sonner';
import { CHAT_TEXTS } from '@studium/protocol';
import { Switch } from '../../../components/ui/switch';
import { errorText } from '../../../lib/api-client';
import { useSetBotAllowed } from '../api/set-bot-allowed';

/** The owner's switch for bots in the room; 'Saving…' while the call runs. */
export function BotToggle({ roomId, allowed }: { roomId: number; allowed: boolean }) {
  const id = useId();
  const mutation = useSetBotAllowed(roomId);
  const onChange = (next: boolean) => {
    if (mutation.isPending) return;
    mutation.mutate(next, {
      onSuccess: () => toast.success(next ? CHAT_TEXTS.rooms.botsEnabled : CHAT_TEXTS.rooms.botsDisabled),
      onError: (err) => toast.error(errorText(err, CHAT_TEXTS.rooms.updateFailed)),
    });
  };
  return (
    <div className="flex items-center gap-3">
      <Switch
        id={id}
        checked={allowed}
        onCheckedChange={onChange}
        aria-busy={mutation.isPending || undefined}
      />
      <label htmlFor={id} className="text-sm text-fg">
        {mutation.isPending ? 'Saving…' : allowed ? 'Yes' : 'No'}
      </label>
    </div>
  );
}
