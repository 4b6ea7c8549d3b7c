import { useId } from 'react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { toast } from 'sonner';
import { errorText } from '../../lib/api-client';
import { ErrorState } from './error-state';
import { Label } from './input';
import { Skeleton } from './skeleton';
import { Switch } from './switch';

interface SettingsSwitchProps<TData> {
  /** Loads the saved setting. */
  query: UseQueryResult<TData>;
  /** Whether the loaded setting is on. */
  isOn: (data: TData) => boolean;
  /** Saves the new state. */
  mutation: UseMutationResult<unknown, unknown, boolean>;
  icon: LucideIcon;
  label: string;
  help: string;
  /** The toast after a save, given the state saved. */
  savedText: (on: boolean) => string;
  /** The toast of a failed save when the server gave no reason. */
  saveFailedText: string;
}

/**
 * A settings row: a labelled switch with its help text, saved as soon as it flips. While it
 * saves it shows the new state, says so, and ignores further flips; a toast tells how it went.
 */
export function SettingsSwitch<TData>({
  query,
  isOn,
  mutation,
  icon: Icon,
  label,
  help,
  savedText,
  saveFailedText,
}: SettingsSwitchProps<TData>) {
  const id = useId();
  const helpId = useId();

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
      onSuccess: () => toast.success(savedText(next)),
      onError: (err) => toast.error(errorText(err, saveFailedText)),
    });
  };
  const checked = mutation.isPending ? mutation.variables : isOn(query.data);

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={id} className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-4" />
          {label}
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
        {help}
      </p>
    </div>
  );
}
