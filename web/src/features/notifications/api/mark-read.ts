import { api } from '../../../lib/api-client';

/** POST /api/notifications/mark_read/ {room}: clears a room's unread notifications. */
export function markRoomRead(room: string | number): Promise<unknown> {
  return api.post('/api/notifications/mark_read/', { room });
}
