import { useId } from 'react';
import { Eye } from 'lucide-react';
import { toast } from 'sonner';
import { PRESENCE_TEXTS } from '@studium/protocol';
import { ErrorState } from '../../../components/ui/error-state';
import { Label } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { errorText } from '../../../lib/api-client';
import { usePresenceSettings, useSetPresenceSettings } from '../api/presence-settings';

/** Settings: 'Show when I'm online and typing' (docs/presence.md). */
export function PresenceSwitch() {
  const id = useId();
  const helpId = useId();
  const query = usePresenceSettings();
  const mutation = useSetPresenceSettings();

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
      onSuccess: () => toast.success(PRESENCE_TEXTS.saved),
      onError: (err) => toast.error(errorText(err, PRESENCE_TEXTS.saveFailed)),
    });
  };
  const checked = mutation.isPending ? mutation.variables : query.data.show_presence;

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={id} className="flex items-center gap-2">
          <Eye aria-hidden="true" className="size-4" />
          {PRESENCE_TEXTS.settingLabel}
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
        {PRESENCE_TEXTS.settingHint}
      </p>
    </div>
  );
}
