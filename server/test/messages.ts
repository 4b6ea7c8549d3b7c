import type { ChatMessage } from '@studium/protocol';
import type { TestClient } from './http-client';

/**
 * Sends a message to a room over HTTP, as the SPA does, and answers the stored message; anything
 * but a 201 throws. `extra` adds to the body (reply_to, mentions, client_id…).
 */
export async function sendMessage(
  client: TestClient,
  room: number,
  content: string,
  extra: Record<string, unknown> = {},
): Promise<ChatMessage> {
  const res = await client.post(`/api/rooms/${room}/messages/`, { content, ...extra });
  if (res.status !== 201) throw new Error(`sending a message failed: ${res.status} ${res.text}`);
  return res.json as ChatMessage;
}

/** Sends a message as `sendMessage` does and answers its id. */
export const sendMessageId = async (
  client: TestClient,
  room: number,
  content: string,
  extra: Record<string, unknown> = {},
) => (await sendMessage(client, room, content, extra)).id;

/** Uploads a small text file to a room, as the composer does; answers the attachment's id. */
export async function uploadTextFile(
  client: TestClient,
  room: number,
  filename = 'notes.txt',
): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob(['revision notes\n'], { type: 'text/plain' }), filename);
  const res = await fetch(`${client.baseUrl}/api/rooms/${room}/attachments/`, {
    method: 'POST',
    headers: { cookie: client.cookieHeader, 'x-csrftoken': client.cookies.get('csrftoken')! },
    body: form,
  });
  if (res.status !== 201) throw new Error(`uploading failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}
