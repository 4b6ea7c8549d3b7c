import { useQuery } from '@tanstack/react-query';
import type { RoomListItem, RoomListResponse } from '@studium/protocol';
import { api } from '../../../lib/api-client';
import { collectRoomTree } from '../lib/room-tree';
import { roomKeys } from './room-keys';

/** GET /api/rooms/?parent=root&kind=public, or ?parent={roomId} for children. */
export async function getRooms(parent: string): Promise<RoomListItem[]> {
  const query = parent === 'root' ? '?parent=root&kind=public' : `?parent=${encodeURIComponent(parent)}`;
  const { rooms } = await api.get<RoomListResponse>(`/api/rooms/${query}`);
  return Array.isArray(rooms) ? rooms : [];
}

/** Every public room of the tree (spec §4 room browsing). */
export function useRoomTree() {
  return useQuery({
    queryKey: roomKeys.tree(),
    queryFn: () => collectRoomTree(getRooms),
    retry: false,
  });
}
