import { InfiniteQueryObserver, QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type {
  Conversation,
  ConversationsResponse,
  Notification,
  NotificationListResponse,
  RoomDetail,
  RoomListItem,
  UnreadState,
} from '@studium/protocol';
import { notificationKeys } from './get-notifications';
import { applyNotificationFrame, applyUnread } from './notification-cache';
import { blockKeys, dmKeys, matchmakingKeys, pinKeys, roomKeys } from '../../../lib/query-keys';

const note = (id: number, room: number | null, read_at: string | null = null): Notification => ({
  id,
  kind: 'dm',
  room,
  room_name: `dm:${room}`,
  message_id: room === null ? null : id * 10,
  actor: 'ann',
  text: `text ${id}`,
  is_withheld: false,
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

  it('keep a new notification on top of a list whose read was under way, which may not have it', async () => {
    const client = new QueryClient();
    const answers: Array<(answer: NotificationListResponse) => void> = [];
    const observer = new InfiniteQueryObserver(client, {
      queryKey: notificationKeys.list(),
      queryFn: () => new Promise<NotificationListResponse>((resolve) => answers.push(resolve)),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: () => undefined,
    });
    const stop = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    applyNotificationFrame(client, {
      type: 'notification.created',
      notification: note(3, 7),
      unread: { 7: 1, 8: 1 },
      unread_count: 2,
    });
    // The read under way was answered before the notification was stored.
    answers[0]!({ notifications: [note(1, 8)], has_more: false, unread_count: 1 });
    await vi.waitFor(() => expect(list(client).map((n) => n.id)).toEqual([3, 1]));
    expect(answers).toHaveLength(1);
    stop();
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

  it("write a room's live read state into the room tree and the room's details, and nothing else", () => {
    const client = seeded();
    const card = (id: number, read_state?: RoomListItem['read_state']): RoomListItem => ({
      id,
      name: `Room ${id}`,
      slug: `r${id}`,
      path: `r${id}`,
      depth: 0,
      message_count: 3,
      last_message_at: null,
      ...(read_state ? { read_state } : {}),
    });
    client.setQueryData<RoomListItem[]>(roomKeys.tree(), [
      card(5, { unread: 0, mentions: 0 }),
      card(6),
      card(9, { unread: 1, mentions: 0 }),
    ]);
    const detail = {
      id: 5,
      read_state: { unread: 0, mentions: 0, last_read_id: 40, notification_level: 'mute' },
    } as RoomDetail;
    client.setQueryData(roomKeys.detail(5), detail);
    client.setQueryData(roomKeys.detail('a.b'), detail);
    const before = client.getQueryData(notificationKeys.unread());

    applyNotificationFrame(client, {
      type: 'read_state',
      room: 5,
      read_state: { unread: 3, mentions: 1, last_read_id: 40 },
      message_count: 3,
      last_message_at: null,
    });
    const tree = client.getQueryData<RoomListItem[]>(roomKeys.tree())!;
    expect(tree.map((r) => r.read_state)).toEqual([
      { unread: 3, mentions: 1 },
      undefined,
      { unread: 1, mentions: 0 },
    ]);
    for (const key of [roomKeys.detail(5), roomKeys.detail('a.b')])
      expect(client.getQueryData<RoomDetail>(key)?.read_state).toEqual({
        unread: 3,
        mentions: 1,
        last_read_id: 40,
        notification_level: 'mute',
      });
    // A room one does not belong to (no read state) stays without one.
    applyNotificationFrame(client, {
      type: 'read_state',
      room: 6,
      read_state: { unread: 2, mentions: 0, last_read_id: 0 },
      message_count: 3,
      last_message_at: null,
    });
    expect(client.getQueryData<RoomListItem[]>(roomKeys.tree())![1]).not.toHaveProperty('read_state');
    expect(client.getQueryData(notificationKeys.unread())).toBe(before);
    expect(list(client).map((n) => n.read_at)).toEqual([null, null]);
  });

  it('count being added to a group as news on the bell, never as a mention of its row', () => {
    const client = seeded();
    const added: Notification = { ...note(4, 7), kind: 'group_added', message_id: null, text: '' };
    applyNotificationFrame(client, {
      type: 'notification.created',
      notification: added,
      unread: { 7: 2, 8: 1 },
      unread_count: 3,
    });
    expect(rows(client)[0]).toMatchObject({ mention_unread_count: 1, has_unread_mention: true });
    expect(client.getQueryData<UnreadState>(notificationKeys.unread())?.unread_count).toBe(3);
  });

  it('empty the notifications of deleted messages, keep the rest, and read the conversations again', () => {
    const client = seeded();
    applyNotificationFrame(client, { type: 'notification.erased', message_ids: [20, 999] });
    expect(list(client).map((n) => [n.id, n.text])).toEqual([
      [2, ''],
      [1, 'text 1'],
    ]);
    expect(client.getQueryState(dmKeys.list())?.isInvalidated).toBe(true);
    // Nothing else changes: the counters stay as they were.
    expect(client.getQueryData(notificationKeys.unread())).toBeUndefined();
  });

  it("write a renamed room's name into every list that shows it, and a room's activity into its card", () => {
    const client = seeded();
    client.setQueryData<RoomListItem[]>(roomKeys.tree(), [
      { id: 7, name: 'Old', slug: 'o', path: 'o', depth: 0, message_count: 1, last_message_at: null },
    ]);
    applyNotificationFrame(client, { type: 'room_changed', room: 7, change: 'renamed', name: 'New' });
    expect(list(client)[0]?.room_name).toBe('New');
    expect(client.getQueryData<RoomListItem[]>(roomKeys.tree())![0]?.name).toBe('New');
    expect(client.getQueryData<ConversationsResponse>(dmKeys.list())!.conversations[0]?.room).toBe(7);
    applyNotificationFrame(client, { type: 'room_changed', room: 9, change: 'joined', name: 'Fresh' });
    // A new conversation's row is the server's: the list is read again when it next shows.
    expect(client.getQueryState(dmKeys.list())?.isInvalidated).toBe(true);
    // Or a members-only tree room the user was added to: the tree shows it as theirs.
    expect(client.getQueryState(roomKeys.tree())?.isInvalidated).toBe(true);

    applyNotificationFrame(client, {
      type: 'read_state',
      room: 7,
      read_state: { unread: 2, mentions: 0, last_read_id: 0 },
      message_count: 3,
      last_message_at: '2026-01-09T00:00:00Z',
    });
    expect(client.getQueryData<RoomListItem[]>(roomKeys.tree())![0]).toMatchObject({
      message_count: 3,
      last_message_at: '2026-01-09T00:00:00Z',
    });
  });

  it("write a renamed room's name into its details kept for its chat, under its id and its path", () => {
    const client = seeded();
    const detail = { id: 7, name: 'Old' } as RoomDetail;
    client.setQueryData(roomKeys.detail(7), detail);
    client.setQueryData(roomKeys.detail('g.old'), detail);
    client.setQueryData(roomKeys.detail(8), { id: 8, name: 'Other' } as RoomDetail);
    applyNotificationFrame(client, { type: 'room_changed', room: 7, change: 'renamed', name: 'New' });
    expect(client.getQueryData<RoomDetail>(roomKeys.detail(7))?.name).toBe('New');
    expect(client.getQueryData<RoomDetail>(roomKeys.detail('g.old'))?.name).toBe('New');
    expect(client.getQueryData<RoomDetail>(roomKeys.detail(8))?.name).toBe('Other');
  });

  it("take the user's blocked and muted users from another tab, and read again what the server collapses", () => {
    const client = seeded();
    client.setQueryData(blockKeys.all, { blocked: [], muted: [] });
    client.setQueryData(pinKeys.room(7), { pins: [] });
    client.setQueryData(matchmakingKeys.role('tutor'), {});
    const lists = { blocked: [{ username: 'xavier', since: '2026-01-01T00:00:00Z' }], muted: [] };
    applyNotificationFrame(client, { type: 'blocks_changed', ...lists });
    expect(client.getQueryData(blockKeys.all)).toEqual(lists);
    for (const key of [dmKeys.list(), pinKeys.room(7), matchmakingKeys.role('tutor')])
      expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    // Nothing else changes: the counters stay as they were.
    expect(client.getQueryData(notificationKeys.unread())).toBeUndefined();
  });
});
