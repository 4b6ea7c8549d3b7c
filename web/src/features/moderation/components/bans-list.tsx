import { toast } from 'sonner';
import { MODERATION_TEXTS as t, type RoomBan } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorText } from '../../../lib/api-client';
import { useBans } from '../api/get-bans';
import { useLiftBan } from '../api/lift-ban';

function BanRow({ ban, busy, onLift }: { ban: RoomBan; busy: boolean; onLift: () => void }) {
  return (
    <li data-testid="room-ban" className="flex flex-wrap items-center gap-2 px-4 py-2 text-sm">
      <span className="font-semibold">@{ban.username}</span>
      <span className="text-muted-fg">
        in {ban.room.name} —{' '}
        {ban.ends_at
          ? t.bannedUntil(new Date(ban.ends_at).toLocaleString())
          : t.banDurations.permanent.toLowerCase()}
      </span>
      <Button variant="secondary" size="sm" className="ml-auto" disabled={busy} onClick={onLift}>
        {t.liftBan}
      </Button>
    </li>
  );
}

/** The bans in force in the rooms this user moderates, each with a way to lift it early. */
export function BansList() {
  const query = useBans();
  const lift = useLiftBan();
  if (query.isPending) return <Skeleton className="h-16 w-full" role="status" aria-label="Loading" />;
  if (query.isError)
    return (
      <ErrorState message={t.loadFailed} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  if (query.data.bans.length === 0) return <p className="text-sm text-muted-fg">{t.noBans}</p>;
  const onLift = (id: number) => {
    if (lift.isPending) return;
    lift.mutate(id, {
      onSuccess: () => toast.success(t.banLifted),
      onError: (err) => toast.error(errorText(err, t.actionFailed)),
    });
  };
  return (
    <Card className="overflow-hidden">
      <ul aria-label={t.bans} className="divide-y divide-border">
        {query.data.bans.map((ban) => (
          <BanRow key={ban.id} ban={ban} busy={lift.isPending} onLift={() => onLift(ban.id)} />
        ))}
      </ul>
    </Card>
  );
}
