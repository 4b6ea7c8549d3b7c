import type { ChatMessage } from '@studium/protocol';
import { api } from '../../../lib/api-client';

/** PATCH /api/messages/{id}/ {content}: the edit fallback. */
export function editMessage(id: number, content: string): Promise<Partial<ChatMessage> | null> {
  return api.patch<Partial<ChatMessage> | null>(`/api/messages/${id}/`, { content });
}
