import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  CHAT_TEXTS,
  pinnedMessage,
  pinsResponse,
  unpinResponse,
  type PinnedMessage,
  type PinsResponse,
  type RoomSocketFrame,
  type UnpinResponse,
} from '@studium/protocol';
import { checked, errorText } from '../../../lib/api-client';
import { pinKeys } from '../../../lib/query-keys';

const t = CHAT_TEXTS.pins;

/** GET /api/rooms/{room}/pins/: the room's pins, newest first (docs/chat.md). */
export function getPins(roomId: number): Promise<PinsResponse> {
  return checked.get(`/api/rooms/${roomId}/pins/`, pinsResponse);
}

/** POST /api/messages/{id}/pin/: pins (needs `can_pin`). */
export function pinMessage(id: number): Promise<PinnedMessage> {
  return checked.post(`/api/messages/${id}/pin/`, {}, pinnedMessage);
}

/** DELETE /api/messages/{id}/pin/: unpins (needs `can_pin`). */
export function unpinMessage(id: number): Promise<UnpinResponse> {
  return checked.delete(`/api/messages/${id}/pin/`, undefined, unpinResponse);
}

/** The room's pins, kept current by the room socket's frames (`applyPinFrame`). */
export function usePins(roomId: number, enabled = true) {
  return useQuery({ queryKey: pinKeys.room(roomId), queryFn: () => getPins(roomId), enabled });
}

const newestFirst = (a: PinnedMessage, b: PinnedMessage) =>
  b.pinned_at.localeCompare(a.pinned_at) || b.message_id - a.message_id;

function addPin(queryClient: QueryClient, pin: PinnedMessage) {
  queryClient.setQueryData<PinsResponse>(pinKeys.room(pin.room), (data) =>
    data
      ? { pins: [pin, ...data.pins.filter((p) => p.message_id !== pin.message_id)].sort(newestFirst) }
      : data,
  );
}

function dropPins(queryClient: QueryClient, roomId: number, ids: readonly number[]) {
  queryClient.setQueryData<PinsResponse>(pinKeys.room(roomId), (data) =>
    data ? { pins: data.pins.filter((p) => !ids.includes(p.message_id)) } : data,
  );
}

/**
 * Keeps the room's pin list current from its socket: pins and unpins, an edit's new text, and a
 * deleted message (or a deleted account's messages), whose pins the server removed with them.
 */
export function applyPinFrame(queryClient: QueryClient, roomId: number, frame: RoomSocketFrame) {
  if ('error' in frame) return;
  switch (frame.type) {
    case 'message_pinned':
      addPin(queryClient, frame.pin);
      break;
    case 'message_unpinned':
      dropPins(queryClient, frame.room, [frame.message_id]);
      break;
    case 'message_deleted':
      dropPins(queryClient, roomId, [frame.id]);
      break;
    case 'messages_tombstoned':
      dropPins(queryClient, roomId, frame.ids);
      break;
    case 'edit':
      queryClient.setQueryData<PinsResponse>(pinKeys.room(roomId), (data) =>
        data
          ? { pins: data.pins.map((p) => (p.message_id === frame.id ? { ...p, message: frame.message } : p)) }
          : data,
      );
      break;
  }
}

/** Pins or unpins a message; the list follows the answer at once (the frame says the same again). */
export function useTogglePin(roomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, pinned }: { id: number; pinned: boolean }) =>
      pinned ? { unpinned: await unpinMessage(id) } : { pin: await pinMessage(id) },
    onSuccess: (answer) => {
      if (answer.pin) addPin(queryClient, answer.pin);
      if (answer.unpinned) dropPins(queryClient, roomId, [answer.unpinned.message_id]);
      toast.success(answer.pin ? t.pinned : t.unpinned);
    },
    onError: (err) => toast.error(errorText(err, t.pinFailed)),
  });
}
