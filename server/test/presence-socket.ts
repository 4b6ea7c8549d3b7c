import WebSocket from 'ws';
import { presenceSocketFrame } from '@studium/protocol';
import type { TestClient } from './http-client';
import { TestSocket } from './ws-client';

/** Opens `/ws/presence/?users=…` with the client's cookies and (unless told otherwise) a same-site Origin. */
export function openPresenceSocket(
  baseUrl: string,
  client: TestClient | null,
  users: string[],
  opts: { origin?: string | null } = {},
): TestSocket {
  const headers: Record<string, string> = {};
  if (client && client.cookies.size > 0) headers.cookie = client.cookieHeader;
  const origin = opts.origin === undefined ? baseUrl : opts.origin;
  if (origin !== null) headers.origin = origin;
  const query = encodeURIComponent(users.join(','));
  return new TestSocket(
    new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws/presence/?users=${query}`, { headers }),
    presenceSocketFrame,
  );
}

/** Opens a presence socket and returns it with its first frame (every watched user's state). */
export async function openReadyPresenceSocket(baseUrl: string, client: TestClient, users: string[]) {
  const socket = openPresenceSocket(baseUrl, client, users);
  await socket.opened;
  const first = await socket.next((f) => f.type === 'presence');
  return { socket, first };
}
