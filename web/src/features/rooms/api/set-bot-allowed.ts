import { useMutation, useQueryClient } from '@tanstack/react-query';
import { botAllowedResponse, type BotAllowedResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { applyRoomFields } from './update-room-cache';

/** POST /api/rooms/{roomId}/bot-allowed/ {is_bot_allowed}: answers with the stored flag. */
export function setBotAllowed(roomId: number, allowed: boolean): Promise<BotAllowedResponse> {
  return checked.post(`/api/rooms/${roomId}/bot-allowed/`, { is_bot_allowed: allowed }, botAllowedResponse);
}

export function useSetBotAllowed(roomId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (allowed: boolean) => setBotAllowed(roomId, allowed),
    onSuccess: (updated) => applyRoomFields(client, updated),
  });
}
