import { useQuery } from '@tanstack/react-query';
import { assistantRoomResponse, type AssistantKind, type AssistantRoomResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { assistantKeys } from './assistant-keys';

/** GET /api/assistants/{kind}/room/: the user's private room with that assistant (made on first use). */
export function getAssistantRoom(kind: AssistantKind): Promise<AssistantRoomResponse> {
  return checked.get(`/api/assistants/${kind}/room/`, assistantRoomResponse);
}

export function useAssistantRoom(kind: AssistantKind) {
  return useQuery({
    queryKey: assistantKeys.room(kind),
    queryFn: () => getAssistantRoom(kind),
    retry: false,
    staleTime: Infinity,
  });
}
