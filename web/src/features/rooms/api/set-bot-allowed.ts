import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { patchRoomDetail } from './update-room-cache';

/** POST /api/rooms/{roomId}/bot-allowed/ {is_bot_allowed}; the response may echo the flag. */
export function setBotAllowed(roomId: number, allowed: boolean): Promise<{ is_bot_allowed?: boolean }> {
  return api.post<{ is_bot_allowed?: boolean }>(`/api/rooms/${roomId}/bot-allowed/`, { is_bot_allowed: allowed });
}

export function useSetBotAllowed(roomId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (allowed: boolean) => setBotAllowed(roomId, allowed),
    onSuccess: (data, allowed) => {
      patchRoomDetail(client, roomId, { is_bot_allowed: data?.is_bot_allowed ?? allowed });
    },
  });
}
