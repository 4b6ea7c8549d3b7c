import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { BellOff, CheckCheck } from 'lucide-react';
import { toast } from 'sonner';
import { NOTIFICATION_PAGE_TEXTS } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { SkeletonRow } from '../../../components/ui/skeleton';
import { errorText } from '../../../lib/api-client';
import { useNotificationsList } from '../api/get-notifications';
import { markAllRead, markNotificationRead, markRoomRead } from '../api/mark-read';
import { useUnreadCount } from '../hooks/use-unread-count';
import { notificationHref } from '../lib/describe';
import type { AppNotification } from '../types';
import { DesktopNotificationsButton } from './desktop-notifications-button';
import { NotificationItem } from './notification-item';

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading notifications" className="flex flex-col gap-2">
      {[0, 1, 2, 3].map((i) => (
        <SkeletonRow
          key={i}
          className="rounded-lg px-3 py-3"
          avatar="size-8"
          title="h-3.5 w-1/2"
          detail="h-3 w-3/4"
        />
      ))}
    </div>
  );
}

/** /notifications: newest first, paged with 'Load more'; an item opens its room and marks it read. */
export function NotificationsPage() {
  const list = useNotificationsList();
  const unreadCount = useUnreadCount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const items = list.data?.pages.flatMap((p) => p.notifications) ?? [];
  const anyUnread = unreadCount > 0 || items.some((n) => n.read_at === null);

  const open = (n: AppNotification) => {
    // Opening marks it read: with its room's, or by itself when it has no room to open (a handled
    // report, a warning, or one withheld).
    if (n.room !== null) markRoomRead(queryClient, n.room).catch(() => undefined);
    else if (n.read_at === null) markNotificationRead(queryClient, n.id).catch(() => undefined);
    void navigate(notificationHref(n));
  };

  const onMarkAll = async () => {
    try {
      await markAllRead(queryClient);
      toast.success(NOTIFICATION_PAGE_TEXTS.markedAllRead);
    } catch (err) {
      toast.error(errorText(err, NOTIFICATION_PAGE_TEXTS.markFailed));
    }
  };

  let body;
  if (list.isPending) body = <ListSkeleton />;
  else if (list.isError) {
    body = (
      <ErrorState
        message={NOTIFICATION_PAGE_TEXTS.loadFailed}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        icon={BellOff}
        title={NOTIFICATION_PAGE_TEXTS.empty}
        description="Mentions, replies and new messages show up here."
      />
    );
  } else {
    body = (
      <div className="flex flex-col gap-3">
        <ul
          aria-label="Notifications list"
          className="flex flex-col gap-1 rounded-xl border border-border bg-surface p-1"
        >
          {items.map((n) => (
            <NotificationItem key={n.id} notification={n} onOpen={open} />
          ))}
        </ul>
        {list.hasNextPage ? (
          <div className="flex justify-center">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void list.fetchNextPage()}
              loading={list.isFetchingNextPage}
              disabled={list.isFetchingNextPage}
            >
              {NOTIFICATION_PAGE_TEXTS.loadMore}
            </Button>
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <section aria-labelledby="page-title">
      <PageHeader
        title={NOTIFICATION_PAGE_TEXTS.title}
        description="Mentions, replies, messages and matchmaking news."
        actions={
          <>
            <DesktopNotificationsButton />
            <Button variant="secondary" size="sm" onClick={() => void onMarkAll()} disabled={!anyUnread}>
              <CheckCheck aria-hidden="true" className="size-4" />
              {NOTIFICATION_PAGE_TEXTS.markAllRead}
            </Button>
          </>
        }
      />
      {body}
    </section>
  );
}
