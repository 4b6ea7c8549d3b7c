import { chatMessage, type ChatMessage, type Mention } from '@studium/protocol';
import { checked } from '../../../lib/api-client';

export interface OutgoingMessage {
  content: string;
  reply_to: number | null;
  mentions: Mention[];
  client_id: string;
  attachments?: string[];
}

/** POST /api/rooms/{roomName}/messages/: the fallback when the live connection is not open. */
export function sendMessage(room: string | number, body: OutgoingMessage): Promise<ChatMessage> {
  return checked.post(`/api/rooms/${encodeURIComponent(String(room))}/messages/`, body, chatMessage);
}
