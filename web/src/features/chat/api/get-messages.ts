import { CHAT_LIMITS, historyResponse, type HistoryResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';

/** GET /api/rooms/{roomName}/messages/, paging back with ?before=&limit=50. */
export function getMessages(room: string | number, before?: number): Promise<HistoryResponse> {
  const base = `/api/rooms/${encodeURIComponent(String(room))}/messages/`;
  const query = before ? `?before=${before}&limit=${CHAT_LIMITS.historyPageDefault}` : '';
  return checked.get(`${base}${query}`, historyResponse);
}
