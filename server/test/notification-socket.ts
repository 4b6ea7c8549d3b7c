import WebSocket from 'ws';
import { errorFrame, notificationServerFrame } from '@studium/protocol';
import type { TestClient } from './http-client';
import { TestSocket } from './ws-client';

/** Opens `/ws/notifications/` with the client's cookies and (unless told otherwise) a same-site Origin. */
export function openNotificationSocket(
  baseUrl: string,
  client: TestClient | null,
  opts: { origin?: string | null } = {},
): TestSocket {
  const headers: Record<string, string> = {};
  if (client && client.cookies.size > 0) headers.cookie = client.cookieHeader;
  const origin = opts.origin === undefined ? baseUrl : opts.origin;
  if (origin !== null) headers.origin = origin;
  return new TestSocket(
    new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws/notifications/`, { headers }),
    notificationServerFrame.or(errorFrame),
  );
}

/** Opens the notification socket and waits for its `notification.init` frame, which it returns. */
export async function openReadyNotificationSocket(baseUrl: string, client: TestClient) {
  const socket = openNotificationSocket(baseUrl, client);
  await socket.opened;
  const init = await socket.next((f) => f.type === 'notification.init');
  return { socket, init };
}
