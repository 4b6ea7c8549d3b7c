import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  notificationLevelResponse,
  UNREAD_TEXTS,
  type NotificationLevel,
  type NotificationLevelResponse,
  type RoomDetail,
} from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { roomKeys } from '../../../lib/query-keys';

/** POST /api/rooms/{room}/notification-level/ {level} */
export function setNotificationLevel(
  room: number,
  level: NotificationLevel,
): Promise<NotificationLevelResponse> {
  return checked.post(`/api/rooms/${room}/notification-level/`, { level }, notificationLevelResponse);
}

/**
 * Sets the level; the room's cached details take the answer. The toasts live here, not at the
 * call: the menu that calls closes (and unmounts) at once.
 */
export function useSetNotificationLevel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ room, level }: { room: number; level: NotificationLevel }) =>
      setNotificationLevel(room, level),
    onSuccess: ({ room, notification_level }) => {
      client.setQueriesData<RoomDetail>({ queryKey: [...roomKeys.all, 'detail'] }, (old) =>
        old && old.id === room && old.read_state
          ? { ...old, read_state: { ...old.read_state, notification_level } }
          : old,
      );
      toast.success(UNREAD_TEXTS.levelSaved);
    },
    onError: (err) => toast.error(err.message || UNREAD_TEXTS.levelFailed),
  });
}
