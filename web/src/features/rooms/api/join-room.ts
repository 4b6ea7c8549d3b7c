import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roomDetail, type RoomDetail } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { patchRoomDetail } from './update-room-cache';

/** POST /api/rooms/{roomName}/join/: answers with the room's detail as a member sees it. */
export function joinRoom(room: string | number): Promise<RoomDetail> {
  return checked.post(`/api/rooms/${encodeURIComponent(String(room))}/join/`, undefined, roomDetail);
}

export function useJoinRoom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (room: string | number) => joinRoom(room),
    onSuccess: (detail) => patchRoomDetail(client, detail.id, detail),
  });
}
