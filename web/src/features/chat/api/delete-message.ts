import { deleteMessageResponse, type ChatMessage } from '@studium/protocol';
import { checked } from '../../../lib/api-client';

/** DELETE /api/messages/{id}/: the delete fallback; answers the message's tombstone. */
export function deleteMessage(id: number): Promise<ChatMessage> {
  return checked.delete(`/api/messages/${id}/`, undefined, deleteMessageResponse);
}
