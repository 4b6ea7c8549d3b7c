import { messageHistoryResponse, type MessageHistoryResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';

/** GET /api/messages/{id}/history/: the versions of a message, newest first. */
export function getMessageHistory(id: number): Promise<MessageHistoryResponse> {
  return checked.get(`/api/messages/${id}/history/`, messageHistoryResponse);
}
