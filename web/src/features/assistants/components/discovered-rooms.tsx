import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ArrowRight, Check, LogIn, SearchX } from 'lucide-react';
import { ASSISTANT_LIMITS, ASSISTANT_TEXTS, type DiscoveredRoom } from '@studium/protocol';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useJoinRoom } from '../../rooms';
import { markRoomJoined, useDiscoverRooms } from '../api/discover-rooms';
import { fitDots, fitLabel } from '../lib/discovery';

/** Three quiet dots and a word: how well the room fits the request. */
function Fit({ score }: { score: number }) {
  const dots = fitDots(score);
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-muted-fg">
      <span aria-hidden="true" className="inline-flex gap-0.5">
        {[1, 2, 3].map((i) => (
          <span key={i} className={cn('size-1.5 rounded-full', i <= dots ? 'bg-accent' : 'bg-surface-2')} />
        ))}
      </span>
      {fitLabel(score)}
    </span>
  );
}

function RoomSuggestion({ room }: { room: DiscoveredRoom }) {
  const navigate = useNavigate();
  const join = useJoinRoom();
  const queryClient = useQueryClient();
  const onJoin = () =>
    join.mutate(room.id, {
      onSuccess: () => {
        markRoomJoined(queryClient, room.id);
        void navigate(paths.chat.href(room.id));
      },
      onError: (err) => toast.error(errorText(err, 'Could not join the room')),
    });
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 className="text-sm font-semibold text-fg">{room.name}</h3>
        <Fit score={room.score} />
      </div>
      {room.path ? <p className="text-xs text-muted-fg">{room.path}</p> : null}
      {room.reason ? <p className="text-sm text-fg">{room.reason}</p> : null}
      <div className="flex flex-wrap items-center gap-2 pt-1">
        <Link
          to={paths.chat.href(room.id)}
          className={buttonClasses('secondary', 'sm')}
          aria-label={`Open ${room.name}`}
        >
          Open
          <ArrowRight aria-hidden="true" className="size-3.5" />
        </Link>
        {room.member ? (
          <Badge tone="success">
            <Check aria-hidden="true" className="mr-1 size-3" />
            Joined
          </Badge>
        ) : (
          <Button
            size="sm"
            onClick={onJoin}
            loading={join.isPending}
            disabled={join.isPending}
            aria-label={`Join ${room.name}`}
          >
            {join.isPending ? null : <LogIn aria-hidden="true" className="size-3.5" />}
            Join
          </Button>
        )}
      </div>
    </li>
  );
}

/** The rooms the discovery search finds for one of the user's requests. */
export function DiscoveredRooms({ question }: { question: string }) {
  const q = question.trim().slice(0, ASSISTANT_LIMITS.queryMax);
  const query = useDiscoverRooms(q);
  if (query.isPending) {
    return (
      <div role="status" aria-label="Looking for rooms" className="mt-2 flex flex-col gap-2">
        <Skeleton className="h-20 w-full rounded-lg" />
        <Skeleton className="h-20 w-full rounded-lg" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        className="mt-2 py-4"
        message={errorText(query.error, 'Could not look for rooms')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const { rooms } = query.data;
  if (rooms.length === 0) {
    return (
      <p className="mt-2 flex items-center gap-2 rounded-lg border border-dashed border-border-strong p-3 text-sm text-muted-fg">
        <SearchX aria-hidden="true" className="size-4 shrink-0" />
        {ASSISTANT_TEXTS.noRoomsFound}
      </p>
    );
  }
  return (
    <ul aria-label={`Rooms for “${q}”`} className="mt-2 flex flex-col gap-2">
      {rooms.map((room) => (
        <RoomSuggestion key={room.id} room={room} />
      ))}
    </ul>
  );
}
