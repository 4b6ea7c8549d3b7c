import { api } from '../../../lib/api-client';
import { applyNotificationFrame } from '../hooks/use-unread-count';
import type { MarkReadResponse } from '../types';

function apply(result: MarkReadResponse | null): MarkReadResponse | null {
  // The answer carries the new counts; the socket's notification.counts follows with the same.
  if (result && typeof result === 'object') applyNotificationFrame({ type: 'notification.counts', ...result });
  return result;
}

/** POST /api/notifications/mark_read/ {room}: clears a room's unread notifications. */
export async function markRoomRead(room: string | number): Promise<MarkReadResponse | null> {
  return apply(await api.post<MarkReadResponse | null>('/api/notifications/mark_read/', { room }));
}

/** POST /api/notifications/mark_read/ {all: true}: marks everything read. */
export async function markAllRead(): Promise<MarkReadResponse | null> {
  return apply(await api.post<MarkReadResponse | null>('/api/notifications/mark_read/', { all: true }));
}
