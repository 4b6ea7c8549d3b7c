import type { Page, WebSocketRoute } from '@playwright/test';
import { BLOCKS_TEXTS, CHAT_TEXTS } from '@studium/protocol';
import { csrfHeader, expect, loggedInApi, loginViaApi, test } from './fixtures';
import { openChat, roomByPath, send } from './chat-helpers';
import { openDmViaApi } from './dm-helpers';
import {
  outboxBubble,
  storedMessage,
  storedOutboxCount,
  storedTexts,
  waitForKeptRoom,
  waitForServiceWorker,
} from './outbox-helpers';

// The installed app's service worker is what these tests are about.
test.use({ serviceWorkers: 'allow' });

const OFFLINE = /Failed to load resource|ERR_INTERNET_DISCONNECTED|WebSocket|mark_read/;

/** A room of its own for the test: a DM with a new user (nobody else writes in it). */
async function quietRoom(page: Page, baseURL: string) {
  const other = await loggedInApi(baseURL, 'dm');
  await other.api.dispose();
  return { id: await openDmViaApi(page.request, other.username) };
}

/** A quiet room opened and loaded once under the service worker, so its answers are kept for a start offline. */
async function keptQuietRoom(page: Page, baseURL: string) {
  const room = await quietRoom(page, baseURL);
  await openChat(page, room.id);
  await waitForServiceWorker(page);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled({ timeout: 10_000 });
  await waitForKeptRoom(page, room.id);
  return room;
}

test('a message sent offline shows as pending, survives a reload offline, and is stored once back online', async ({
  page,
  context,
  user,
  baseURL,
  allowConsoleError,
}) => {
  void user;
  test.slow();
  allowConsoleError(OFFLINE);
  const room = await keptQuietRoom(page, baseURL!);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled({ timeout: 10_000 });
  const text = `offline hello ${Date.now()}`;
  await send(page, text);
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await expect(outboxBubble(page, text)).toContainText('Sending…');
  await expect.poll(() => storedOutboxCount(page)).toBe(1);

  await page.reload();
  await expect(outboxBubble(page, text)).toContainText('Sending…', { timeout: 10_000 });

  await context.setOffline(false);
  await expect(storedMessage(page, text)).toHaveCount(1, { timeout: 15_000 });
  await expect(outboxBubble(page, text)).toHaveCount(0);
  expect((await storedTexts(page.request, room.id)).filter((m) => m === text)).toHaveLength(1);
  // Nothing is left to send again after another reload.
  await page.reload();
  await expect(storedMessage(page, text)).toHaveCount(1, { timeout: 10_000 });
  await expect(outboxBubble(page, text)).toHaveCount(0);
});

test('reopened offline on a chat whose room was never kept, the screen waits for the network and then sends what waited', async ({
  page,
  context,
  user,
  baseURL,
  allowConsoleError,
}) => {
  void user;
  test.slow();
  allowConsoleError(OFFLINE);
  const room = await keptQuietRoom(page, baseURL!);

  await context.setOffline(true);
  const text = `waiting for the network ${Date.now()}`;
  await send(page, text);
  await expect(outboxBubble(page, text)).toContainText('Sending…');
  await expect.poll(() => storedOutboxCount(page)).toBe(1);
  // The room's own answer is not among those the app kept (it was first asked before the service
  // worker took the page, say): reopened offline, the room cannot be read.
  const forgotten = await page.evaluate(
    async (id) => (await caches.open('studium-api')).delete(`/api/rooms/${id}/`),
    room.id,
  );
  expect(forgotten).toBe(true);
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Check your connection' })).toBeVisible({
    timeout: 10_000,
  });
  expect(new URL(page.url()).hash).toBe(`#/chat/${room.id}`);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Room not found' })).toHaveCount(0);

  // Back online, the room opens where the student is, and the message goes.
  await context.setOffline(false);
  await expect(storedMessage(page, text)).toHaveCount(1, { timeout: 15_000 });
  await expect(outboxBubble(page, text)).toHaveCount(0);
  expect((await storedTexts(page.request, room.id)).filter((m) => m === text)).toHaveLength(1);
});

test('a message sent the moment before a reload, before IndexedDB had stored it, is sent after the reload', async ({
  page,
  user,
  baseURL,
  allowConsoleError,
}) => {
  void user;
  allowConsoleError(/Failed to load resource/);
  // Until the reload the socket takes the sends and never answers, and the REST way fails.
  let holdSends = true;
  await page.route(/\/api\/rooms\/\d+\/messages\/$/, (route) =>
    holdSends && route.request().method() === 'POST' ? route.abort() : route.continue(),
  );
  await page.routeWebSocket(/\/ws\/room\//, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((raw) => {
      if (holdSends && (JSON.parse(String(raw)) as { action?: string }).action === 'send_message') return;
      server.send(raw);
    });
    server.onMessage((raw) => ws.send(raw));
  });
  // One load whose IndexedDB never opens: no write of it commits, as when the page goes in the
  // milliseconds between Send and the commit.
  await page.addInitScript(() => {
    if (sessionStorage.getItem('stall-indexeddb') !== '1') return;
    sessionStorage.removeItem('stall-indexeddb');
    IDBFactory.prototype.open = () => ({}) as IDBOpenDBRequest;
  });
  const room = await quietRoom(page, baseURL!);
  await openChat(page, room.id);
  await page.evaluate(() => sessionStorage.setItem('stall-indexeddb', '1'));
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled({ timeout: 10_000 });
  const text = `sent just before a reload ${Date.now()}`;
  await send(page, text);
  await expect(outboxBubble(page, text)).toContainText('Sending…');

  holdSends = false;
  await page.reload();
  await expect(storedMessage(page, text)).toHaveCount(1, { timeout: 15_000 });
  await expect(outboxBubble(page, text)).toHaveCount(0);
  expect((await storedTexts(page.request, room.id)).filter((m) => m === text)).toHaveLength(1);
  // Settled: neither IndexedDB nor the write-ahead notes hold it any more.
  await expect.poll(() => storedOutboxCount(page)).toBe(0);
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('studium:idb-note:'))),
    )
    .toEqual([]);
});

/**
 * The connection dies during a burst of 20 sends: the server gets the first 8 but the echoes of
 * 6–8 are lost, 9–12 never reach it, and 13–20 are written while the socket is down.
 */
test('a burst of sends cut by a dead connection is stored exactly once each, in order', async ({
  page,
  user,
  allowConsoleError,
}) => {
  void user;
  test.slow();
  allowConsoleError(/WebSocket/);
  let connections = 0;
  let sends = 0;
  await page.routeWebSocket(/\/ws\/room\//, (ws: WebSocketRoute) => {
    connections += 1;
    const first = connections === 1;
    const server = ws.connectToServer();
    const lostEchoes = new Set<string>();
    ws.onMessage((raw) => {
      const frame = JSON.parse(String(raw)) as { action?: string; message?: string; client_id?: string };
      if (first && frame.action === 'send_message') {
        sends += 1;
        if (sends >= 6 && sends <= 8 && frame.client_id) lostEchoes.add(frame.client_id);
        if (sends > 8) {
          if (sends === 12) void ws.close({ code: 4000, reason: 'network lost' });
          return;
        }
      }
      server.send(raw);
    });
    server.onMessage((raw) => {
      const frame = JSON.parse(String(raw)) as { client_id?: string };
      if (frame.client_id && lostEchoes.has(frame.client_id)) return;
      ws.send(raw);
    });
  });

  const room = await roomByPath(page.request, 'campus_life.running');
  await openChat(page, room.id);
  const run = Date.now();
  const texts = Array.from({ length: 20 }, (_, i) => `burst ${run} n${String(i + 1).padStart(2, '0')}`);
  for (const text of texts) await send(page, text);

  const burst = async () =>
    (await storedTexts(page.request, room.id)).filter((m) => m.startsWith(`burst ${run} `));
  await expect.poll(burst, { timeout: 20_000 }).toEqual(texts);
  await expect(page.getByRole('log', { name: 'Messages' }).locator('article[data-outbox]')).toHaveCount(0);
  await expect(storedMessage(page, texts.at(-1)!)).toHaveCount(1);
  // Still exactly once each after everything settled (no late duplicate).
  expect(await burst()).toEqual(texts);
});

test('a send or an edit refused in a DM by a recipient who blocked you comes back with the reason', async ({
  page,
  user,
  baseURL,
  allowConsoleError,
}) => {
  allowConsoleError(/403/);
  const other = await loggedInApi(baseURL!, 'blk');
  const dm = await openDmViaApi(page.request, other.username);
  await openChat(page, dm);
  await send(page, 'written before the block');
  await expect(storedMessage(page, 'written before the block')).toBeVisible();

  const res = await other.api.post(`/api/users/${user.username}/block/`, {
    headers: await csrfHeader(other.api),
  });
  expect(res.ok(), await res.text()).toBe(true);

  const box = page.getByRole('textbox', { name: 'Message' });
  await send(page, 'are you there?');
  await expect(box).toHaveValue('are you there?');
  await expect(page.getByText(BLOCKS_TEXTS.cannotMessage)).toBeVisible();
  await expect(outboxBubble(page, 'are you there?')).toHaveCount(0);

  // An edit refused the same way opens the editor again with the edited text.
  await box.fill('');
  await storedMessage(page, 'written before the block').getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('textbox', { name: 'Edit message' });
  await editor.fill('edited after the block');
  await editor.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Edit message' })).toHaveValue('edited after the block');
  await expect(page.getByText(BLOCKS_TEXTS.cannotMessage).first()).toBeVisible();
  expect(await storedTexts(page.request, dm)).toEqual(['written before the block']);
  await other.api.dispose();
});

/** The test's socket refuses chosen sends, answering {error} with their client_id once it says so. */
test('a refused send kept as failed (the composer was in use) is retried or discarded by its buttons', async ({
  page,
  user,
}) => {
  void user;
  let refuse = true;
  const held: { ws: WebSocketRoute; clientId: string }[] = [];
  await page.routeWebSocket(/\/ws\/room\//, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((raw) => {
      const frame = JSON.parse(String(raw)) as { action?: string; client_id?: string };
      if (refuse && frame.action === 'send_message' && frame.client_id) {
        held.push({ ws, clientId: frame.client_id });
        return;
      }
      server.send(raw);
    });
    server.onMessage((raw) => ws.send(raw));
  });
  const refuseHeld = () => {
    for (const { ws, clientId } of held.splice(0))
      ws.send(JSON.stringify({ error: 'Refused by the test.', client_id: clientId }));
  };

  const room = await roomByPath(page.request, 'campus_life.running');
  await openChat(page, room.id);
  const run = Date.now();
  const box = page.getByRole('textbox', { name: 'Message' });
  await send(page, `retry me ${run}`);
  await expect(outboxBubble(page, `retry me ${run}`)).toContainText('Sending…');
  await expect.poll(() => held.length).toBe(1);
  await box.fill('still writing');
  refuseHeld();

  const failed = outboxBubble(page, `retry me ${run}`);
  await expect(failed).toHaveAttribute('data-outbox', 'failed');
  await expect(failed).toContainText('Refused by the test.');
  await expect(box).toHaveValue('still writing');
  refuse = false;
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(storedMessage(page, `retry me ${run}`)).toHaveCount(1);
  await expect(outboxBubble(page, `retry me ${run}`)).toHaveCount(0);

  refuse = true;
  await box.fill(`discard me ${run}`);
  await box.press('Enter');
  await expect.poll(() => held.length).toBe(1);
  await box.fill('still writing');
  refuseHeld();
  await outboxBubble(page, `discard me ${run}`).getByRole('button', { name: 'Discard' }).click();
  await expect(outboxBubble(page, `discard me ${run}`)).toHaveCount(0);
  await page.reload();
  await expect(storedMessage(page, `retry me ${run}`)).toHaveCount(1, { timeout: 10_000 });
  await expect(page.getByText(`discard me ${run}`)).toHaveCount(0);
  const stored = await storedTexts(page.request, room.id);
  expect(stored.filter((m) => m.includes(String(run)))).toEqual([`retry me ${run}`]);
});

test('an edit made offline shows as pending and is saved once back online', async ({
  page,
  context,
  user,
  allowConsoleError,
}) => {
  void user;
  allowConsoleError(OFFLINE);
  const room = await roomByPath(page.request, 'campus_life.running');
  await openChat(page, room.id);
  const run = Date.now();
  await send(page, `to edit ${run}`);
  await expect(storedMessage(page, `to edit ${run}`)).toHaveCount(1);
  const id = Number(await storedMessage(page, `to edit ${run}`).getAttribute('data-message-id'));
  const message = page.locator(`article[data-message-id="${id}"]`);

  await context.setOffline(true);
  await expect(page.getByText(/Connecting…|Reconnecting…/)).toBeVisible({ timeout: 10_000 });
  await message.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('textbox', { name: 'Edit message' });
  await editor.fill(`edited offline ${run}`);
  await editor.press('Enter');
  await expect(message).toContainText(`edited offline ${run}`);
  await expect(message).toContainText('Saving…');

  await context.setOffline(false);
  await expect(message.getByTestId('outbox-status')).toHaveCount(0, { timeout: 15_000 });
  await expect(message).toContainText(`edited offline ${run}`);
  const history = await page.request.get(`/api/messages/${id}/history/`);
  expect(
    ((await history.json()) as { versions: { message: string }[] }).versions.map((v) => v.message),
  ).toEqual([`edited offline ${run}`, `to edit ${run}`]);
});

test('reopened offline, a signed-in user sees their last pages and the offline state, not a visitor', async ({
  page,
  context,
  user,
  baseURL,
  allowConsoleError,
}) => {
  test.slow();
  allowConsoleError(OFFLINE);
  const room = await quietRoom(page, baseURL!);
  await openChat(page, room.id);
  const text = `seen before going offline ${Date.now()}`;
  await send(page, text);
  await expect(storedMessage(page, text)).toHaveCount(1);
  await waitForServiceWorker(page);
  await page.reload();
  await expect(storedMessage(page, text)).toHaveCount(1, { timeout: 10_000 });
  await waitForKeptRoom(page, room.id);

  await context.setOffline(true);
  await page.reload();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(page.getByRole('status').filter({ hasText: 'You are offline. Reconnecting…' })).toBeVisible();
  await expect(nav.getByRole('button', { name: `Account menu for ${user.username}` })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await expect(page.getByText('Checking your session')).toHaveCount(0);
  await expect(storedMessage(page, text)).toHaveCount(1, { timeout: 10_000 });

  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline. Reconnecting…' })).toHaveCount(
    0,
    {
      timeout: 15_000,
    },
  );
});

test('logging out forgets the messages still waiting in the outbox', async ({
  page,
  user,
  baseURL,
  allowConsoleError,
}) => {
  allowConsoleError(/Failed to load resource/);
  // The socket takes the sends and never answers, and the REST way fails: they stay pending.
  await page.route(/\/api\/rooms\/\d+\/messages\/$/, (route) =>
    route.request().method() === 'POST' ? route.abort() : route.continue(),
  );
  await page.routeWebSocket(/\/ws\/room\//, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((raw) => {
      if ((JSON.parse(String(raw)) as { action?: string }).action !== 'send_message') server.send(raw);
    });
    server.onMessage((raw) => ws.send(raw));
  });
  const room = await quietRoom(page, baseURL!);
  await openChat(page, room.id);
  await send(page, 'waiting when logging out');
  await expect(outboxBubble(page, 'waiting when logging out')).toContainText('Sending…');
  await expect.poll(() => storedOutboxCount(page)).toBe(1);
  await page.reload();
  await expect(outboxBubble(page, 'waiting when logging out')).toContainText('Sending…', { timeout: 10_000 });

  await page.getByRole('button', { name: `Account menu for ${user.username}` }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  await expect.poll(() => storedOutboxCount(page)).toBe(0);

  await loginViaApi(page.request, user.username);
  // A new page load: the app asks the server for the session again.
  await page.goto('about:blank');
  await openChat(page, room.id);
  await expect(outboxBubble(page, 'waiting when logging out')).toHaveCount(0);
});

test('offline, a delete is refused at once with a toast; back online, the message is still there', async ({
  page,
  context,
  user,
  baseURL,
  allowConsoleError,
}) => {
  void user;
  allowConsoleError(OFFLINE);
  const room = await quietRoom(page, baseURL!);
  await openChat(page, room.id);
  const text = `keep me ${Date.now()}`;
  await send(page, text);
  const message = storedMessage(page, text);
  await expect(message).toHaveCount(1);

  await context.setOffline(true);
  await message.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: CHAT_TEXTS.chat.deleteTitle });
  await dialog.getByRole('button', { name: CHAT_TEXTS.chat.deleteConfirm }).click();
  await expect(page.getByText(CHAT_TEXTS.chat.offlineAction)).toBeVisible();
  // The dialog stays, to confirm again once back online or to cancel.
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await context.setOffline(false);
  await expect(page.getByText(/Connecting…|Reconnecting…/)).toHaveCount(0, { timeout: 15_000 });
  await page.reload();
  await expect(storedMessage(page, text)).toHaveCount(1);
  await expect(page.locator('[data-deleted="true"]')).toHaveCount(0);
});
