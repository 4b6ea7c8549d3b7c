import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { formatRelativeTime } from '../../../lib/time';
import { UnreadBadges } from '../../unread';
import { NAV_ITEM } from '../lib/keyboard';
import type { SidebarEntry } from '../lib/my-rooms';

interface SidebarRowProps {
  entry: SidebarEntry;
  isCurrent: boolean;
  onOpen?: () => void;
}

/** One room of the sidebar: a link to its chat with its name, last activity and counts. */
export function SidebarRow({ entry, isCurrent, onOpen }: SidebarRowProps) {
  const bold = entry.unread > 0 || entry.mentions > 0;
  return (
    <li>
      <Link
        to={paths.chat.href(entry.room)}
        onClick={onOpen}
        aria-current={isCurrent ? 'page' : undefined}
        data-testid="sidebar-room"
        {...{ [NAV_ITEM]: '' }}
        className={cn(
          'flex items-center gap-2 rounded-md px-2 py-1.5 text-sm text-fg hover:bg-surface-2',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
          isCurrent && 'bg-accent-soft font-semibold text-accent-text',
        )}
      >
        <span className="flex min-w-0 flex-1 flex-col">
          <span className={cn('truncate', bold && 'font-semibold')}>{entry.title}</span>
          <span className="truncate text-xs text-muted-fg">
            {entry.last_activity ? formatRelativeTime(entry.last_activity) : 'No activity yet'}
          </span>
        </span>
        <UnreadBadges state={{ unread: entry.unread, mentions: entry.mentions }} />
      </Link>
    </li>
  );
}
