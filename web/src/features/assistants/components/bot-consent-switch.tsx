import { useId } from 'react';
import { Bot } from 'lucide-react';
import { toast } from 'sonner';
import { ASSISTANT_TEXTS } from '@studium/protocol';
import { ErrorState } from '../../../components/ui/error-state';
import { Label } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { errorText } from '../../../lib/api-client';
import { useBotConsent, useSetBotConsent } from '../api/bot-consent';

/** Settings: whether bots may read the user's messages (docs/assistants.md, privacy). */
export function BotConsentSwitch() {
  const id = useId();
  const helpId = useId();
  const query = useBotConsent();
  const mutation = useSetBotConsent();

  if (query.isPending) return <Skeleton className="h-10 w-full" aria-label="Loading" role="status" />;
  if (query.isError) {
    return (
      <ErrorState
        message="Failed to load this setting"
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const onChange = (next: boolean) => {
    if (mutation.isPending) return;
    mutation.mutate(next, {
      onSuccess: () =>
        toast.success(next ? 'Bots may read your messages' : 'Bots will not read your messages'),
      onError: (err) => toast.error(errorText(err, 'Could not save this setting')),
    });
  };
  const checked = mutation.isPending ? mutation.variables : query.data.bots_may_read;

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={id} className="flex items-center gap-2">
          <Bot aria-hidden="true" className="size-4" />
          {ASSISTANT_TEXTS.consentLabel}
        </Label>
        <div className="flex items-center gap-2">
          {mutation.isPending ? (
            <span className="text-xs text-muted-fg" role="status">
              Saving…
            </span>
          ) : null}
          <Switch
            id={id}
            checked={checked}
            onCheckedChange={onChange}
            aria-describedby={helpId}
            aria-busy={mutation.isPending || undefined}
          />
        </div>
      </div>
      <p id={helpId} className="text-sm text-muted-fg">
        {ASSISTANT_TEXTS.consentHelp}
      </p>
    </div>
  );
}
