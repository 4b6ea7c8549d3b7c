import type { QueryClient } from '@tanstack/react-query';
import { markReadResponse, type MarkReadResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { applyOneRead, applyUnread } from './notification-cache';

/** POST /api/notifications/mark_read/ {room}: clears a room's unread notifications. */
export async function markRoomRead(client: QueryClient, room: string | number): Promise<MarkReadResponse> {
  const counts = await checked.post('/api/notifications/mark_read/', { room }, markReadResponse);
  applyUnread(client, counts);
  return counts;
}

/** POST /api/notifications/mark_read/ {all: true}: marks everything read. */
export async function markAllRead(client: QueryClient): Promise<MarkReadResponse> {
  const counts = await checked.post('/api/notifications/mark_read/', { all: true }, markReadResponse);
  applyUnread(client, counts);
  return counts;
}

/**
 * POST /api/notifications/mark_read/ {id}: one notification read, for those no room read clears
 * (one without a room, or withheld: docs/notifications.md).
 */
export async function markNotificationRead(client: QueryClient, id: number): Promise<MarkReadResponse> {
  const counts = await checked.post('/api/notifications/mark_read/', { id }, markReadResponse);
  applyOneRead(client, id);
  applyUnread(client, counts);
  return counts;
}
