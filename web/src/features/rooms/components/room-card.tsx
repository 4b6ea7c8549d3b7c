import { Link } from 'react-router';
import { ArrowRight, Info, Layers, MessageSquare } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { formatRelativeTime } from '../../../lib/time';
import { UnreadBadges } from '../../unread';
import type { RolledUpRoom } from '../lib/roll-up';
import { roomLevelName } from '../lib/room-kind-label';
import { shortenPath } from '../lib/room-path';

interface RoomCardProps {
  /** With its subtree's activity added in (docs/rooms.md). */
  room: RolledUpRoom;
  segments: number;
  onOpen: (room: RolledUpRoom) => void;
  onDetails: (room: RolledUpRoom) => void;
}

/**
 * A room of the tree: name (drills in), depth, path, activity, Details and Enter. Enter opens the
 * children of a room that has some, and the chat of a leaf (docs/rooms.md).
 */
export function RoomCard({ room, segments, onOpen, onDetails }: RoomCardProps) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 transition-colors hover:border-border-strong sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex min-w-0 items-center gap-2">
          <button
            type="button"
            onClick={() => onOpen(room)}
            className="min-w-0 truncate rounded-sm text-left text-base font-semibold text-fg hover:text-accent-text hover:underline"
          >
            {room.name}
          </button>
          {/* The room's level in the tree (docs/rooms.md): outlined, never like an unread count. */}
          <Badge
            tone="neutral"
            title={roomLevelName(room.depth)}
            data-testid="room-level"
            className="shrink-0 gap-1 bg-transparent text-muted-fg"
          >
            <Layers aria-hidden="true" className="size-3" />
            {roomLevelName(room.depth)}
          </Badge>
          <UnreadBadges state={room.read_state} />
        </div>
        <p className="truncate text-xs text-muted-fg" title={room.path}>
          {shortenPath(room.path, segments)}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-fg">
          <span className="inline-flex items-center gap-1">
            <MessageSquare aria-hidden="true" className="size-3.5" />
            {room.message_count} {room.message_count === 1 ? 'message' : 'messages'}
          </span>
          <span>
            {room.last_message_at ? formatRelativeTime(room.last_message_at) : 'No recent activity'}
          </span>
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onDetails(room)}
          aria-label={`Details of ${room.name}`}
        >
          <Info aria-hidden="true" className="size-4" />
          Details
        </Button>
        {room.has_children ? (
          <Button size="sm" onClick={() => onOpen(room)} aria-label={`Enter ${room.name}`}>
            Enter
            <ArrowRight aria-hidden="true" className="size-4" />
          </Button>
        ) : (
          <Link
            to={paths.chat.href(room.id)}
            className={buttonClasses('primary', 'sm')}
            aria-label={`Enter ${room.name}`}
          >
            Enter
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        )}
      </div>
    </li>
  );
}
