import type { WebSocketRoute } from '@playwright/test';
import { expect, test } from './fixtures';
import { messageWith, openChat, roomByPath, send } from './chat-helpers';
import { outboxBubble, storedMessage } from './outbox-helpers';

/**
 * The room socket is routed through the test: on the first connection a send is held back (as if
 * the network stalled) and another is refused with an error naming its client_id. Only the
 * refused send may be dropped: after a reconnect the held one is sent again and arrives.
 */
test('a refused send fails alone; another pending send survives and is sent after a reconnect', async ({
  page,
  user,
  allowConsoleError,
}) => {
  void user;
  allowConsoleError(/WebSocket/);
  let connections = 0;
  let firstConnection: WebSocketRoute | null = null;
  await page.routeWebSocket(/\/ws\/room\//, (ws) => {
    connections += 1;
    const first = connections === 1;
    if (first) firstConnection = ws;
    const server = ws.connectToServer();
    ws.onMessage((raw) => {
      const frame = JSON.parse(String(raw)) as { action?: string; message?: string; client_id?: string };
      if (first && frame.action === 'send_message' && frame.message === 'held back') return;
      if (first && frame.action === 'send_message' && frame.message === 'refused') {
        ws.send(JSON.stringify({ error: 'Refused by the test.', client_id: frame.client_id }));
        return;
      }
      server.send(raw);
    });
    server.onMessage((raw) => ws.send(raw));
  });

  const room = await roomByPath(page.request, 'campus_life.running');
  await openChat(page, room.id);
  await send(page, 'held back');
  await send(page, 'refused');
  await expect(page.getByText('Refused by the test.')).toBeVisible();
  // The refused text is back in the empty composer; the held one waits as pending.
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('refused');
  await expect(outboxBubble(page, 'held back')).toContainText('Sending…');

  // The connection drops; the client reconnects and sends what is still pending.
  await firstConnection!.close({ code: 4000, reason: 'dropped by the test' });
  await expect.poll(() => connections, { timeout: 15_000 }).toBeGreaterThan(1);
  await expect(storedMessage(page, 'held back')).toBeVisible({ timeout: 15_000 });
  await expect(outboxBubble(page, 'held back')).toHaveCount(0);
  await expect(messageWith(page, 'refused')).toHaveCount(0);
});
