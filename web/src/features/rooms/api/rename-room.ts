import { useMutation, useQueryClient } from '@tanstack/react-query';
import { renameRoomResponse, type RenameRoomResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { applyRoomFields } from './update-room-cache';

/** POST /api/rooms/{roomId}/rename/ {name}: answers with the stored name. */
export function renameRoom(roomId: number, name: string): Promise<RenameRoomResponse> {
  return checked.post(`/api/rooms/${roomId}/rename/`, { name }, renameRoomResponse);
}

export function useRenameRoom(roomId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => renameRoom(roomId, name),
    onSuccess: (renamed) => applyRoomFields(client, renamed),
  });
}
