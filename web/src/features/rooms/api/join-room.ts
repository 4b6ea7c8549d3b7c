import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoomDetail } from '@studium/protocol';
import { api } from '../../../lib/api-client';
import { patchRoomDetail } from './update-room-cache';

/** POST /api/rooms/{roomName}/join/ */
export function joinRoom(room: string | number): Promise<RoomDetail | null> {
  return api.post<RoomDetail | null>(`/api/rooms/${encodeURIComponent(String(room))}/join/`);
}

export function useJoinRoom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (room: string | number) => joinRoom(room),
    onSuccess: (detail) => {
      if (detail && typeof detail.id === 'number') patchRoomDetail(client, detail.id, { member: true });
    },
  });
}
