import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Bot, Crown, WifiOff } from 'lucide-react';
import type { RoomDetail } from '@studium/protocol';
import { Badge } from '../../../components/ui/badge';
import { paths } from '../../../config/paths';
import { OnlineDot } from '../../presence';
import { dmPartner } from '../hooks/use-room-presence';
import type { SocketStatus } from '../hooks/use-room-socket';

interface ChatHeaderProps {
  /** None: the room's frame while its detail loads (chat-room.tsx), a placeholder bar in its title's place. */
  title?: string;
  room?: RoomDetail;
  status: SocketStatus;
  /** The room's own tools before its actions (the 'Pinned' list). */
  tools?: ReactNode;
  actions?: ReactNode;
  /** Who is online among the people the room shows (the DM partner's dot). */
  online?: Record<string, boolean>;
}

/** A direct conversation's partner and whether they are online (watched by the room: use-room-presence.ts). */
function PartnerDot({ room, online }: { room: RoomDetail; online: Record<string, boolean> }) {
  const partner = dmPartner(room);
  return partner ? <OnlineDot online={online[partner]} /> : null;
}

/**
 * Title, the DM partner's online dot, Owner chip, 'Bot allowed' badge, connection state, tools and
 * the room actions; without a room, the same header as the room's frame: the title's place and the
 * connection state, nothing of the room.
 */
export function ChatHeader({ title, room, status, tools, actions, online = {} }: ChatHeaderProps) {
  return (
    <header className="flex items-center gap-3 border-b border-border px-3 py-3 sm:px-4">
      {room?.kind === 'dm' || room?.kind === 'group' ? (
        // A conversation's way back to the list of conversations (docs/dms.md).
        <Link
          to={paths.dms.href()}
          aria-label="Back to conversations"
          title="Back to conversations"
          className="-ml-1 rounded-md p-1.5 text-muted-fg hover:bg-surface-2 hover:text-fg"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
        </Link>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex min-w-0 items-center gap-2">
          <h1 id="page-title" className="truncate text-lg font-semibold tracking-tight text-fg">
            {title ?? (
              <>
                <span className="sr-only">Loading room</span>
                <span
                  aria-hidden="true"
                  className="inline-block h-4 w-40 animate-pulse rounded-md bg-surface-2 align-middle"
                />
              </>
            )}
          </h1>
          {room ? <PartnerDot room={room} online={online} /> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {room?.owner_username ? (
            <Link
              to={paths.userProfile.href(room.owner_username)}
              className="inline-flex items-center gap-1 rounded-full border border-border bg-surface-2 px-2 py-0.5 text-xs font-medium text-fg hover:border-border-strong"
            >
              <Crown aria-hidden="true" className="size-3" />
              Owner: {room.owner_username}
            </Link>
          ) : null}
          {room?.is_bot_allowed ? (
            <Badge tone="accent">
              <Bot aria-hidden="true" className="mr-1 size-3" />
              Bot allowed
            </Badge>
          ) : null}
          {status === 'open' ? null : (
            <span role="status" className="inline-flex items-center gap-1 text-xs text-muted-fg">
              <WifiOff aria-hidden="true" className="size-3" />
              {status === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
            </span>
          )}
        </div>
      </div>
      {tools}
      {actions}
    </header>
  );
}
