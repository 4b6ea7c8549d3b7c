import { Link, useLocation } from 'react-router';
import { MessageSquare, MessagesSquare, Users, type LucideIcon } from 'lucide-react';
import { TEXTS } from '@studium/protocol';
import { cn } from '../../lib/cn';
import { isChatRoomsActive, isUnder, paths } from '../../config/paths';
import { useRoomDetail } from '../../features/rooms/api/get-room';

interface Tab {
  label: string;
  to: string;
  icon: LucideIcon;
  /** `inConversation`: the open chat is a DM or a group conversation. */
  isActive: (pathname: string, inConversation: boolean) => boolean;
}

const TABS: Tab[] = [
  {
    label: TEXTS.nav.chatRooms,
    to: paths.home.href(),
    icon: MessagesSquare,
    isActive: (p, inConversation) => isChatRoomsActive(p) && !inConversation,
  },
  {
    label: TEXTS.nav.directMessages,
    to: paths.dms.href(),
    icon: MessageSquare,
    isActive: (p, inConversation) => isUnder(p, paths.dms.href()) || inConversation,
  },
  {
    label: TEXTS.nav.matchmaking,
    to: paths.matchmake.href(),
    icon: Users,
    isActive: (p) => isUnder(p, paths.matchmake.href()),
  },
];

/**
 * Whether /chat/{room} shows a DM or a group conversation: the room the chat screen loaded
 * (read from its cache, never fetched here), so the Direct Messages tab lights inside them.
 */
function useInConversation(pathname: string): boolean {
  const ref = pathname.startsWith('/chat/') ? decodeURIComponent(pathname.split('/')[2] ?? '') : null;
  const room = useRoomDetail(ref, { enabled: false });
  return room.data?.kind === 'dm' || room.data?.kind === 'group';
}

/**
 * Chat Rooms, Direct Messages, Matchmaking, the tab of the section you are in lit (docs/dms.md);
 * icon-only below 640 px so 360 px still fits.
 */
export function NavTabs() {
  const { pathname } = useLocation();
  const inConversation = useInConversation(pathname);
  return (
    <ul className="flex items-center gap-1">
      {TABS.map(({ label, to, icon: Icon, isActive }) => {
        const active = isActive(pathname, inConversation);
        return (
          <li key={to}>
            <Link
              to={to}
              aria-current={active ? 'page' : undefined}
              title={label}
              className={cn(
                'flex h-9 items-center gap-2 rounded-md px-2.5 text-sm font-medium transition-colors sm:px-3',
                active ? 'bg-accent-soft text-accent-text' : 'text-muted-fg hover:bg-surface-2 hover:text-fg',
              )}
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              <span className="sr-only sm:not-sr-only">{label}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
