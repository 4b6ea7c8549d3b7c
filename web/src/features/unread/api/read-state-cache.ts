import type { QueryClient } from '@tanstack/react-query';
import type { ConversationsResponse, ReadState, RoomDetail, RoomListItem } from '@studium/protocol';
import { dmKeys, roomKeys } from '../../../lib/query-keys';

/**
 * A room's new read state (the answer to a read report, or a live `read_state` frame of the
 * notification socket): every cached detail of the room and its card in the room tree take it, so
 * the badges on /home and in the sidebar follow without a refetch; so does the room's row in the
 * conversations. Only rooms the user belongs to carry a read state.
 */
export function applyRoomReadState(
  client: QueryClient,
  room: number,
  state: ReadState & { last_read_id: number },
): void {
  const counts: ReadState = { unread: state.unread, mentions: state.mentions };
  client.setQueriesData<RoomDetail>({ queryKey: [...roomKeys.all, 'detail'] }, (old) =>
    old && old.id === room && old.read_state
      ? {
          ...old,
          // The marker never moves back, whatever order answers and frames arrive in.
          read_state: {
            ...old.read_state,
            ...counts,
            last_read_id: Math.max(old.read_state.last_read_id, state.last_read_id),
          },
        }
      : old,
  );
  client.setQueryData<RoomListItem[]>(roomKeys.tree(), (rooms) =>
    rooms?.some((r) => r.id === room && r.read_state)
      ? rooms.map((r) => (r.id === room && r.read_state ? { ...r, read_state: counts } : r))
      : rooms,
  );
  client.setQueryData<ConversationsResponse>(dmKeys.list(), (old) =>
    old?.conversations.some((c) => c.room === room)
      ? { conversations: old.conversations.map((c) => (c.room === room ? { ...c, read_state: counts } : c)) }
      : old,
  );
}
