import { CHAT_LIMITS, historyResponse, type HistoryResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';

/** Where a page of history starts: the latest, older than, newer than, or centred on a message. */
export type PageAnchor = { before: number } | { after: number } | { around: number };

/** GET /api/rooms/{room}/messages/: the latest page, or `?before=`/`?after=`/`?around=` with `limit=50`. */
export function getMessages(room: string | number, anchor?: number | PageAnchor): Promise<HistoryResponse> {
  const base = `/api/rooms/${encodeURIComponent(String(room))}/messages/`;
  const at = typeof anchor === 'number' ? { before: anchor } : anchor;
  const entry = at ? Object.entries(at)[0] : undefined;
  const query = entry ? `?${entry[0]}=${entry[1]}&limit=${CHAT_LIMITS.historyPageDefault}` : '';
  return checked.get(`${base}${query}`, historyResponse);
}
