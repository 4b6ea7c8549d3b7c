import { Link, useLocation } from 'react-router';
import { Bell } from 'lucide-react';
import { NOTIFICATION_PAGE_TEXTS, TEXTS } from '@studium/protocol';
import { cn } from '../../lib/cn';
import { isNotificationsActive, paths } from '../../config/paths';
import { useUnreadCount } from '../../features/notifications/hooks/use-unread-count';
import { formatBadge } from '../../lib/format-badge';

/** The navbar's Notifications button with its live unread badge (capped at '99+', hidden at 0). */
export function NotificationsButton() {
  const { pathname } = useLocation();
  const badge = formatBadge(useUnreadCount());
  const active = isNotificationsActive(pathname);
  return (
    <Link
      to={paths.notifications.href()}
      aria-current={active ? 'page' : undefined}
      title={TEXTS.nav.notifications}
      className={cn(
        'relative flex size-9 items-center justify-center rounded-md transition-colors',
        active ? 'bg-accent-soft text-accent-text' : 'text-muted-fg hover:bg-surface-2 hover:text-fg',
      )}
    >
      <Bell aria-hidden="true" className="size-5" />
      <span className="sr-only">
        {badge ? NOTIFICATION_PAGE_TEXTS.unreadLabel(badge) : TEXTS.nav.notifications}
      </span>
      {badge ? (
        <span
          aria-hidden="true"
          data-testid="unread-badge"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-danger px-1 text-center text-[11px] leading-5 font-semibold text-white"
        >
          {badge}
        </span>
      ) : null}
    </Link>
  );
}
