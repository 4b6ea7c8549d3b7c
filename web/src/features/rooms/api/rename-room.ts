import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { roomKeys } from './room-keys';
import { patchRoomDetail } from './update-room-cache';

/** POST /api/rooms/{roomId}/rename/ {name}; the response may include the name. */
export function renameRoom(roomId: number, name: string): Promise<{ name?: string }> {
  return api.post<{ name?: string }>(`/api/rooms/${roomId}/rename/`, { name });
}

export function useRenameRoom(roomId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => renameRoom(roomId, name),
    onSuccess: (data, name) => {
      patchRoomDetail(client, roomId, { name: data?.name ?? name });
      void client.invalidateQueries({ queryKey: roomKeys.tree() });
    },
  });
}
