import { useQuery } from '@tanstack/react-query';
import { roomListResponse, type RoomListItem } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { collectRoomTree } from '../lib/room-tree';
import { roomKeys } from './room-keys';

/** GET /api/rooms/?parent=root&kind=public, or ?parent={roomId} for children. */
export async function getRooms(parent: string): Promise<RoomListItem[]> {
  const query = parent === 'root' ? '?parent=root&kind=public' : `?parent=${encodeURIComponent(parent)}`;
  const { rooms } = await checked.get(`/api/rooms/${query}`, roomListResponse);
  return rooms;
}

/** Every public room of the tree (docs/rooms.md); fetched again on every visit, for fresh unread counts. */
export function useRoomTree({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: roomKeys.tree(),
    queryFn: () => collectRoomTree(getRooms),
    retry: false,
    refetchOnMount: 'always',
    enabled,
  });
}
