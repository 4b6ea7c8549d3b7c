import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SearchX, MessagesSquare } from 'lucide-react';
import { toast } from 'sonner';
import { CHAT_TEXTS } from '@studium/protocol';
import { Button, buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { useRoomTree } from '../api/get-room-tree';
import { usePathSegments } from '../hooks/use-path-segments';
import { rollUpTree, type RolledUpRoom } from '../lib/roll-up';
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
  // Cards show their subtree's activity, not only their own (docs/rooms.md).
  const rolled = useMemo(() => rollUpTree(rooms), [rooms]);

  useEffect(() => {
    if (tree.isError) toast.error(LOAD_FAILED, { id: 'rooms-load-failed' });
  }, [tree.isError]);

  const goTo = (next: string) => {
    setQuery('');
    setParams(next ? { path: next } : {});
  };
  const current = path ? rooms.find((r) => r.path === path) : undefined;
  const searching = query.trim() !== '';
  const shown: RolledUpRoom[] = searching
    ? searchRooms(rolled, query)
    : path
      ? childRooms(rolled, path)
      : topLevelRooms(rolled);

  if (tree.isPending) {
    // A screen's height while loading: what the tree pushes down (the sidebar cards stacked under it
    // on a phone, the privacy notice) starts below the fold and stays there, instead of jumping.
    return (
      <div className="flex min-h-dvh justify-center py-16">
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
        {/* Enter on a room with children shows them: its own chat opens from here (docs/rooms.md). */}
        {current && !searching && shown.length > 0 ? (
          <Link
            to={paths.chat.href(current.id)}
            // A long room name wraps on a phone rather than widening the page.
            className={buttonClasses(
              'secondary',
              'sm',
              'h-auto max-w-full shrink py-1 text-left whitespace-normal',
            )}
          >
            Open the {current.name} chat
          </Link>
        ) : null}
        <p className="text-sm text-muted-fg" aria-live="polite">
          {CHAT_TEXTS.rooms.found(shown.length)}
        </p>
      </div>
      {body}
      <RoomDetailsDialog roomId={detailsFor} onOpenChange={(open) => !open && setDetailsFor(null)} />
    </div>
  );
}
