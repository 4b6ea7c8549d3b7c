import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type {
  BlocksChangedFrame,
  BlocksResponse,
  ConversationsResponse,
  NotificationKind,
  NotificationListResponse,
  ReadStateFrame,
  RoomChange,
  RoomChangedFrame,
  RoomListItem,
} from '@studium/protocol';
import { applyRoomFields } from '../../rooms';
import { notificationKeys } from './get-notifications';
import { blockKeys, dmKeys, matchmakingKeys, pinKeys, roomKeys } from '../../../lib/query-keys';

/**
 * The lists each socket event makes stale, beyond what the frame patches in itself
 * (docs/notifications.md). A stale list on screen is read again at once; one off screen is read
 * again when it next shows, so no list is ever shown as it was before the event. An event of a new
 * kind adds its row here.
 */
export const LISTS_BY_NOTIFICATION: Partial<Record<NotificationKind, readonly QueryKey[]>> = {
  // A new row. (A conversation's message needs no row: its notification patches the preview and
  // the time, and the list sorts by time.)
  group_added: [dmKeys.list()],
  // A match opens a conversation (a tutoring DM, a party's group room); its matchmaking lists are
  // matchmaking's own rows (features/matchmaking/api/live-updates.ts).
  match: [dmKeys.list()],
};

export const LISTS_BY_ROOM_CHANGE: Record<RoomChange, readonly QueryKey[]> = {
  // A conversation's new row; or a members-only tree room someone added the user to
  // (docs/rooms.md, "Members"): the tree shows it as theirs.
  joined: [dmKeys.list(), roomKeys.tree()],
  // A removed member's card loses its unread counts; the room's notifications are withheld from
  // them from now on (no room, no text).
  left: [dmKeys.list(), roomKeys.tree(), notificationKeys.list()],
  // The frame's name is written into every list; nothing else changed.
  renamed: [],
  // Someone joined or left a group of the user's: its row's members (the room's detail, below).
  members: [dmKeys.list()],
};

/** Messages the user was notified about were deleted: a conversation's preview may have been one. */
export const LISTS_AFTER_ERASURE: readonly QueryKey[] = [dmKeys.list()];

/**
 * The user blocked, muted or undid either (on any tab or device): conversation previews and pins
 * are collapsed by the server for them, and nobody on either side of a block is recommended, so
 * those are read again (a chat's messages follow the lists the frame brings, docs/blocks.md).
 */
export const LISTS_AFTER_BLOCKS: readonly QueryKey[] = [dmKeys.all, pinKeys.all, matchmakingKeys.all];

/**
 * Everything a lost connection may have missed: read again once the socket is back. The rooms
 * include the details of an open chat (a rename, a member, a right), the blocks what another tab
 * changed, matchmaking the offers and matches made meanwhile.
 */
export const LISTS_AFTER_RECONNECT: readonly QueryKey[] = [
  dmKeys.all,
  roomKeys.all,
  notificationKeys.list(),
  blockKeys.all,
  matchmakingKeys.all,
];

/** Marks the lists stale; the ones on screen are read again. */
export function invalidateLists(client: QueryClient, keys: readonly QueryKey[] | undefined): void {
  for (const queryKey of keys ?? []) void client.invalidateQueries({ queryKey });
}

/** The user's blocked and muted users of now (a `blocks_changed` frame, or a change's answer). */
export function applyBlocks(client: QueryClient, lists: BlocksResponse | BlocksChangedFrame): void {
  client.setQueryData<BlocksResponse>(blockKeys.all, { blocked: lists.blocked, muted: lists.muted });
  invalidateLists(client, LISTS_AFTER_BLOCKS);
}

type ListData = InfiniteData<NotificationListResponse, number | undefined>;

/**
 * A room of the user's changed (joined, left, renamed): its name is written wherever a list
 * shows it, and those lists are read again for the rest (a new row, a row gone).
 */
export function applyRoomChanged(client: QueryClient, frame: RoomChangedFrame): void {
  const { room, name } = frame;
  // The room tree and the room's details (its chat header, kept while another screen is open).
  applyRoomFields(client, { id: room, name });
  client.setQueryData<ListData>(notificationKeys.list(), (old) =>
    old?.pages.some((p) => p.notifications.some((n) => n.room === room && n.room_name !== name))
      ? {
          ...old,
          pages: old.pages.map((page) => ({
            ...page,
            notifications: page.notifications.map((n) => (n.room === room ? { ...n, room_name: name } : n)),
          })),
        }
      : old,
  );
  client.setQueryData<ConversationsResponse>(dmKeys.list(), (old) =>
    old?.conversations.some((c) => c.room === room && c.kind === 'group' && c.group_name !== name)
      ? {
          conversations: old.conversations.map((c) =>
            c.room === room && c.kind === 'group' ? { ...c, group_name: name } : c,
          ),
        }
      : old,
  );
  invalidateLists(client, LISTS_BY_ROOM_CHANGE[frame.change]);
  // The room's own screen shows its members and what the user may do there (a room the user was
  // just added to, open on its 'members only' screen, opens).
  if (frame.change === 'members' || frame.change === 'joined')
    void client.invalidateQueries({ queryKey: roomKeys.detail(room) });
}

/**
 * A room's activity, from its `read_state` frame (sent for every message, muted rooms included):
 * its card on /home takes the count and time; a conversation whose last message is not the one
 * its row shows is read again (the preview and the order are the server's).
 */
export function applyRoomActivity(client: QueryClient, frame: ReadStateFrame): void {
  const { room, message_count, last_message_at } = frame;
  client.setQueryData<RoomListItem[]>(roomKeys.tree(), (rooms) =>
    rooms?.some((r) => r.id === room && r.message_count !== message_count)
      ? rooms.map((r) => (r.id === room ? { ...r, message_count, last_message_at } : r))
      : rooms,
  );
  const conversations = client.getQueryData<ConversationsResponse>(dmKeys.list());
  const row = conversations?.conversations.find((c) => c.room === room);
  if (row && row.timestamp !== last_message_at) invalidateLists(client, [dmKeys.list()]);
}
