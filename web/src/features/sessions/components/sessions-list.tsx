import { LogOut, Monitor } from 'lucide-react';
import { toast } from 'sonner';
import { SESSIONS_TEXTS, type SessionInfo } from '@studium/protocol';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorText } from '../../../lib/api-client';
import { formatRelativeTime } from '../../../lib/time';
import { useRevokeSessions, useSessions } from '../api/sessions';

/** Settings: where the account is signed in, with a way to log out the others (docs/sessions.md). */
export function SessionsList() {
  const query = useSessions();
  const revoke = useRevokeSessions();

  if (query.isPending) return <Skeleton className="h-24 w-full" aria-label="Loading" role="status" />;
  if (query.isError) {
    return (
      <ErrorState
        message={SESSIONS_TEXTS.loadFailed}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const end = (target: number | 'others') => {
    if (revoke.isPending) return;
    revoke.mutate(target, {
      onSuccess: ({ revoked }) =>
        toast.success(target === 'others' ? SESSIONS_TEXTS.othersRevoked(revoked) : SESSIONS_TEXTS.revoked),
      onError: (err) => toast.error(errorText(err, SESSIONS_TEXTS.revokeFailed)),
    });
  };
  const sessions = query.data.sessions;
  const others = sessions.filter((s) => s.can_revoke);

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-fg">{SESSIONS_TEXTS.description}</p>
      <ul
        aria-label={SESSIONS_TEXTS.title}
        className="divide-y divide-border rounded-md border border-border"
      >
        {sessions.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            busy={revoke.isPending}
            onRevoke={() => end(session.id)}
          />
        ))}
      </ul>
      {others.length === 0 ? (
        <p className="text-sm text-muted-fg">{SESSIONS_TEXTS.noOthers}</p>
      ) : (
        <div>
          <Button variant="secondary" onClick={() => end('others')} disabled={revoke.isPending}>
            <LogOut aria-hidden="true" className="size-4" />
            {SESSIONS_TEXTS.logOutOthers}
          </Button>
        </div>
      )}
    </div>
  );
}

/** 'just now', '5m ago': the relative time inside a sentence. */
const when = (iso: string) => formatRelativeTime(iso).toLowerCase();

function SessionRow({
  session,
  busy,
  onRevoke,
}: {
  session: SessionInfo;
  busy: boolean;
  onRevoke: () => void;
}) {
  return (
    <li className="flex items-center gap-3 px-3 py-2.5" aria-current={session.current || undefined}>
      <Monitor aria-hidden="true" className="size-4 shrink-0 text-muted-fg" />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="flex items-center gap-2 text-sm font-medium text-fg">
          <span className="truncate">{session.device}</span>
          {session.current ? <Badge tone="accent">{SESSIONS_TEXTS.thisDevice}</Badge> : null}
        </span>
        <span className="text-xs text-muted-fg">
          {SESSIONS_TEXTS.lastSeen(when(session.last_seen_at))} ·{' '}
          {SESSIONS_TEXTS.signedIn(when(session.created_at))}
          {session.network ? ` · ${SESSIONS_TEXTS.network(session.network)}` : null}
        </span>
      </div>
      {session.can_revoke ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={onRevoke}
          disabled={busy}
          aria-label={`${SESSIONS_TEXTS.logOut}: ${session.device}`}
        >
          {SESSIONS_TEXTS.logOut}
        </Button>
      ) : null}
    </li>
  );
}
