import type { HistoryResponse } from '@studium/protocol';
import { CHAT_LIMITS } from '@studium/protocol';
import { api } from '../../../lib/api-client';

/** GET /api/rooms/{roomName}/messages/, paging back with ?before=&limit=50. */
export async function getMessages(room: string | number, before?: number): Promise<HistoryResponse> {
  const base = `/api/rooms/${encodeURIComponent(String(room))}/messages/`;
  const query = before ? `?before=${before}&limit=${CHAT_LIMITS.historyPageDefault}` : '';
  const data = await api.get<Partial<HistoryResponse>>(`${base}${query}`);
  return { messages: Array.isArray(data?.messages) ? data.messages : [], has_more: Boolean(data?.has_more) };
}
