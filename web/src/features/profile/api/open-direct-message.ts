import { useMutation } from '@tanstack/react-query';
import { conversationRoomResponse, type ConversationRoomResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';

/** POST /api/dms/ {username}: opens (or finds) the DM room with that user (docs/dms.md). */
export function openDirectMessage(username: string): Promise<ConversationRoomResponse> {
  return checked.post('/api/dms/', { username }, conversationRoomResponse);
}

export function useOpenDirectMessage() {
  return useMutation({ mutationFn: openDirectMessage });
}
