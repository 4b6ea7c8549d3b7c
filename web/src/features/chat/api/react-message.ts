import { reactResponse, type ReactResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';

/** POST /api/messages/{id}/react/ {emoji}: toggles; the reaction fallback. */
export function reactToMessage(id: number, emoji: string): Promise<ReactResponse> {
  return checked.post(`/api/messages/${id}/react/`, { emoji }, reactResponse);
}
