import { useQuery } from '@tanstack/react-query';
import { roomDetail, type RoomDetail } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { roomKeys } from '../../../lib/query-keys';

/** GET /api/rooms/{roomId}/ */
export function getRoom(room: string | number): Promise<RoomDetail> {
  return checked.get(`/api/rooms/${encodeURIComponent(String(room))}/`, roomDetail);
}

export function useRoomDetail(room: string | number | null, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: roomKeys.detail(room ?? ''),
    queryFn: () => getRoom(room ?? ''),
    enabled: room !== null && room !== '' && (options.enabled ?? true),
    retry: false,
    staleTime: 10_000,
  });
}
