import type { QueryClient } from '@tanstack/react-query';
import type { RoomDetail } from '@studium/protocol';
import { roomKeys } from './room-keys';

/** Applies a change to every cached detail of a room (it may be cached under id and path). */
export function patchRoomDetail(client: QueryClient, roomId: number, patch: Partial<RoomDetail>): void {
  client.setQueriesData<RoomDetail>({ queryKey: [...roomKeys.all, 'detail'] }, (old) =>
    old && old.id === roomId ? { ...old, ...patch } : old,
  );
}
