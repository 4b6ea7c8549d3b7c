import { chatMessage, type ChatMessage } from '@studium/protocol';
import { checked } from '../../../lib/api-client';

/** PATCH /api/messages/{id}/ {content}: the edit fallback; answers with the edited message. */
export function editMessage(id: number, content: string): Promise<ChatMessage> {
  return checked.patch(`/api/messages/${id}/`, { content }, chatMessage);
}
