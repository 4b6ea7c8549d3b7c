import type { QueryClient } from '@tanstack/react-query';
import type { RoomDetail, RoomFields, RoomListItem } from '@studium/protocol';
import { roomKeys } from '../../../lib/query-keys';

/** Applies a change to every cached detail of a room (it may be cached under id and path). */
export function patchRoomDetail(client: QueryClient, roomId: number, patch: Partial<RoomDetail>): void {
  client.setQueriesData<RoomDetail>({ queryKey: [...roomKeys.all, 'detail'] }, (old) =>
    old && old.id === roomId ? { ...old, ...patch } : old,
  );
}

/**
 * A room's own fields changed (a rename, the bot switch; the answer of an action or a live
 * `room_updated`): every cached detail and the room tree follow, without a refetch.
 */
export function applyRoomFields(client: QueryClient, fields: Partial<RoomFields> & { id: number }): void {
  patchRoomDetail(client, fields.id, fields);
  client.setQueryData<RoomListItem[]>(roomKeys.tree(), (rooms) =>
    rooms?.map((room) =>
      room.id === fields.id
        ? {
            ...room,
            name: fields.name ?? room.name,
            message_count: fields.message_count ?? room.message_count,
            last_message_at:
              fields.last_message_at === undefined ? room.last_message_at : fields.last_message_at,
          }
        : room,
    ),
  );
}
