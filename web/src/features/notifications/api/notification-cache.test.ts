import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type {
  Conversation,
  ConversationsResponse,
  Notification,
  NotificationListResponse,
  UnreadState,
} from '@studium/protocol';
import { dmKeys } from '../../dms/api/get-conversations';
import { notificationKeys } from './get-notifications';
import { applyNotificationFrame, applyUnread } from './notification-cache';

const note = (id: number, room: number | null, read_at: string | null = null): Notification => ({
  id,
  kind: 'dm',
  room,
  room_name: `dm:${room}`,
  message_id: room === null ? null : id * 10,
  actor: 'ann',
  text: `text ${id}`,
  created_at: `2026-01-0${id}T00:00:00Z`,
  read_at,
});

const row = (room: number, mention_unread_count = 0): Conversation => ({
  room,
  kind: 'direct',
  other_user: `user${room}`,
  group_name: null,
  last_message: null,
  timestamp: null,
  last_mention_at: null,
  has_unread_mention: mention_unread_count > 0,
  mention_unread_count,
});

function seeded() {
  const client = new QueryClient();
  client.setQueryData<InfiniteData<NotificationListResponse, number | undefined>>(notificationKeys.list(), {
    pages: [{ notifications: [note(2, 7), note(1, 8)], has_more: false, unread_count: 2 }],
    pageParams: [undefined],
  });
  client.setQueryData<ConversationsResponse>(dmKeys.list(), { conversations: [row(7, 1), row(8, 1)] });
  return client;
}
const list = (client: QueryClient) =>
  client.getQueryData<InfiniteData<NotificationListResponse>>(notificationKeys.list())!.pages[0]!
    .notifications;
const rows = (client: QueryClient) =>
  client.getQueryData<ConversationsResponse>(dmKeys.list())!.conversations;

describe('the notification caches', () => {
  it('put a new notification on top of the list and its message into its conversation, with the counters', () => {
    const client = seeded();
    applyNotificationFrame(client, {
      type: 'notification.created',
      notification: note(3, 7),
      unread: { 7: 2, 8: 1 },
      unread_count: 3,
    });
    expect(list(client).map((n) => n.id)).toEqual([3, 2, 1]);
    expect(rows(client)[0]).toMatchObject({
      last_message: 'text 3',
      mention_unread_count: 2,
      has_unread_mention: true,
    });
    expect(client.getQueryData<UnreadState>(notificationKeys.unread())).toEqual({
      unread: { 7: 2, 8: 1 },
      unread_count: 3,
    });
  });

  it('do not add the same notification twice', () => {
    const client = seeded();
    applyNotificationFrame(client, {
      type: 'notification.created',
      notification: note(2, 7),
      unread: { 7: 1, 8: 1 },
      unread_count: 2,
    });
    expect(list(client).map((n) => n.id)).toEqual([2, 1]);
  });

  it('mark the notifications of a room read when its count drops to nothing', () => {
    const client = seeded();
    applyUnread(client, { unread: { 8: 1 }, unread_count: 1 }, 'now');
    expect(list(client).map((n) => n.read_at)).toEqual(['now', null]);
    expect(rows(client).map((c) => c.has_unread_mention)).toEqual([false, true]);
    applyUnread(client, { unread: {}, unread_count: 0 }, 'later');
    expect(list(client).map((n) => n.read_at)).toEqual(['now', 'later']);
  });

  it('leave lists that were never loaded alone', () => {
    const client = new QueryClient();
    applyNotificationFrame(client, {
      type: 'notification.created',
      notification: note(1, 7),
      unread: { 7: 1 },
      unread_count: 1,
    });
    expect(client.getQueryData(notificationKeys.list())).toBeUndefined();
    expect(client.getQueryData(dmKeys.list())).toBeUndefined();
    expect(client.getQueryData<UnreadState>(notificationKeys.unread())?.unread_count).toBe(1);
  });
});
