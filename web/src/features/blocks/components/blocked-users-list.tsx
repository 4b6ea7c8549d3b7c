import { Link } from 'react-router';
import { toast } from 'sonner';
import { BLOCKS_TEXTS, type BlockedUser } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { useBlocks, useSetBlock, type BlockKind } from '../api/blocks';

/** Settings: the users the viewer blocked and muted, each with a way to undo it (docs/blocks.md). */
export function BlockedUsersList() {
  const query = useBlocks();
  const change = useSetBlock();
  if (query.isPending) return <Skeleton className="h-24 w-full" aria-label="Loading" role="status" />;
  if (query.isError) {
    return (
      <ErrorState
        message={BLOCKS_TEXTS.loadFailed}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const undo = (username: string, kind: BlockKind) =>
    change.mutate(
      { username, kind, on: false },
      {
        onSuccess: () =>
          toast.success((kind === 'block' ? BLOCKS_TEXTS.unblocked : BLOCKS_TEXTS.unmuted)(username)),
        onError: (err) => toast.error(errorText(err, BLOCKS_TEXTS.actionFailed)),
      },
    );
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-fg">{BLOCKS_TEXTS.settingsDescription}</p>
      <UserList
        heading={BLOCKS_TEXTS.blockedHeading}
        empty={BLOCKS_TEXTS.noneBlocked}
        action={BLOCKS_TEXTS.unblock}
        users={query.data.blocked}
        busy={change.isPending}
        onUndo={(username) => undo(username, 'block')}
      />
      <UserList
        heading={BLOCKS_TEXTS.mutedHeading}
        empty={BLOCKS_TEXTS.noneMuted}
        action={BLOCKS_TEXTS.unmute}
        users={query.data.muted}
        busy={change.isPending}
        onUndo={(username) => undo(username, 'mute')}
      />
    </div>
  );
}

function UserList(props: {
  heading: string;
  empty: string;
  action: string;
  users: BlockedUser[];
  busy: boolean;
  onUndo: (username: string) => void;
}) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-medium text-fg">{props.heading}</h3>
      {props.users.length === 0 ? (
        <p className="text-sm text-muted-fg">{props.empty}</p>
      ) : (
        <ul aria-label={props.heading} className="divide-y divide-border rounded-md border border-border">
          {props.users.map((user) => (
            <li key={user.username} className="flex items-center gap-3 px-3 py-2">
              <Link
                to={paths.userProfile.href(user.username)}
                className="min-w-0 flex-1 truncate text-sm text-fg hover:underline"
              >
                @{user.username}
              </Link>
              <Button
                variant="ghost"
                size="sm"
                disabled={props.busy}
                onClick={() => props.onUndo(user.username)}
                aria-label={`${props.action} @${user.username}`}
              >
                {props.action}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
