import {
  AtSign,
  EyeOff,
  Handshake,
  MessageSquare,
  Reply,
  ShieldAlert,
  ShieldCheck,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '../../../lib/cn';
import { formatRelativeTime } from '../../../lib/time';
import { notificationDetail, notificationTitle } from '../lib/describe';
import type { AppNotification, NotificationKind } from '../types';

const ICONS: Record<NotificationKind, LucideIcon> = {
  mention: AtSign,
  reply: Reply,
  dm: MessageSquare,
  group_message: Users,
  room_message: MessageSquare,
  group_added: UserPlus,
  match: Handshake,
  report_handled: ShieldCheck,
  warning: ShieldAlert,
};

/** One notification: unread ones stand out and say so to screen readers. */
export function NotificationItem({
  notification: n,
  onOpen,
}: {
  notification: AppNotification;
  onOpen: (n: AppNotification) => void;
}) {
  const unread = n.read_at === null;
  const Icon = n.is_withheld ? EyeOff : (ICONS[n.kind] ?? MessageSquare);
  const detail = notificationDetail(n);
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(n)}
        data-testid="notification-item"
        data-unread={unread || undefined}
        data-withheld={n.is_withheld || undefined}
        className={cn(
          'flex w-full min-w-0 items-start gap-3 rounded-lg px-3 py-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring',
          unread ? 'bg-accent-soft hover:brightness-95 dark:hover:brightness-110' : 'hover:bg-surface-2',
        )}
      >
        <span
          className={cn(
            'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full',
            unread ? 'bg-accent text-accent-fg' : 'bg-surface-2 text-muted-fg',
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex min-w-0 items-center gap-2">
            {unread ? <span className="sr-only">Unread: </span> : null}
            <span
              className={cn('min-w-0 truncate text-sm text-fg', unread ? 'font-semibold' : 'font-medium')}
            >
              {notificationTitle(n)}
            </span>
            <span className="ml-auto shrink-0 text-xs text-muted-fg">{formatRelativeTime(n.created_at)}</span>
          </span>
          {detail ? <span className="line-clamp-2 text-sm text-muted-fg">{detail}</span> : null}
        </span>
        {unread ? <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-accent" /> : null}
      </button>
    </li>
  );
}
