import type { ReactResponse } from '@studium/protocol';
import { api } from '../../../lib/api-client';

/** POST /api/messages/{id}/react/ {emoji}: toggles; the reaction fallback. */
export function reactToMessage(id: number, emoji: string): Promise<ReactResponse> {
  return api.post<ReactResponse>(`/api/messages/${id}/react/`, { emoji });
}
