import { useQuery } from '@tanstack/react-query';
import { roomListResponse, type RoomListItem } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { roomKeys } from '../../../lib/query-keys';

/** GET /api/rooms/?scope=tree: every public room of the tree in one answer. */
export async function getRoomTree(): Promise<RoomListItem[]> {
  const { rooms } = await checked.get('/api/rooms/?scope=tree', roomListResponse);
  return rooms;
}

/** Every public room of the tree (docs/rooms.md); fetched again on every visit, for fresh unread counts. */
export function useRoomTree({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: roomKeys.tree(),
    queryFn: getRoomTree,
    retry: false,
    refetchOnMount: 'always',
    enabled,
  });
}
