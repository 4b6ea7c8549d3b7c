import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SearchX, MessagesSquare } from 'lucide-react';
import { toast } from 'sonner';
import { CHAT_TEXTS, type RoomListItem } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { useRoomTree } from '../api/get-room-tree';
import { usePathSegments } from '../hooks/use-path-segments';
import { childRooms, searchRooms, topLevelRooms } from '../lib/room-tree';
import { EndOfPath } from './end-of-path';
import { RoomBreadcrumb } from './room-breadcrumb';
import { RoomCard } from './room-card';
import { RoomDetailsDialog } from './room-details-dialog';
import { RoomSearch } from './room-search';

const LOAD_FAILED = 'Failed to load chat rooms';

/** The room tree of /home: search, breadcrumb, cards, and the details dialog (docs/rooms.md). */
export function RoomsBrowser() {
  const tree = useRoomTree();
  const [params, setParams] = useSearchParams();
  const path = params.get('path') ?? '';
  const [query, setQuery] = useState('');
  const [detailsFor, setDetailsFor] = useState<number | null>(null);
  const segments = usePathSegments();
  const rooms = useMemo(() => tree.data ?? [], [tree.data]);

  useEffect(() => {
    if (tree.isError) toast.error(LOAD_FAILED, { id: 'rooms-load-failed' });
  }, [tree.isError]);

  const goTo = (next: string) => {
    setQuery('');
    setParams(next ? { path: next } : {});
  };
  const current = path ? rooms.find((r) => r.path === path) : undefined;
  const searching = query.trim() !== '';
  const shown: RoomListItem[] = searching
    ? searchRooms(rooms, query)
    : path
      ? childRooms(rooms, path)
      : topLevelRooms(rooms);

  if (tree.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner size="lg" label="Loading chat rooms" />
      </div>
    );
  }
  if (tree.isError) {
    return (
      <ErrorState
        message="Failed to load chat rooms. Please try again later."
        onRetry={() => window.location.reload()}
      />
    );
  }

  let body;
  if (searching && shown.length === 0) {
    body = (
      <EmptyState
        icon={SearchX}
        title={`No rooms found matching "${query.trim()}"`}
        action={
          <Button variant="secondary" onClick={() => setQuery('')}>
            Clear Search
          </Button>
        }
      />
    );
  } else if (!searching && path && current && shown.length === 0) {
    body = <EndOfPath room={current} />;
  } else if (shown.length === 0) {
    body = (
      <EmptyState
        icon={MessagesSquare}
        title="No chat rooms available."
        description="Rooms appear here as soon as they are created."
      />
    );
  } else {
    body = (
      <ul aria-label="Rooms" className="flex flex-col gap-3">
        {shown.map((room) => (
          <RoomCard
            key={room.id}
            room={room}
            segments={segments}
            onOpen={(r) => goTo(r.path)}
            onDetails={(r) => setDetailsFor(r.id)}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <RoomSearch value={query} onChange={setQuery} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <RoomBreadcrumb path={path} rooms={rooms} segments={segments} onNavigate={goTo} />
        <p className="text-sm text-muted-fg" aria-live="polite">
          {CHAT_TEXTS.rooms.found(shown.length)}
        </p>
      </div>
      {body}
      <RoomDetailsDialog roomId={detailsFor} onOpenChange={(open) => !open && setDetailsFor(null)} />
    </div>
  );
}
