import { request as apiRequest, type Browser, type WebSocketRoute } from '@playwright/test';
import { expect, loginViaApi, registerViaApi, test, uniqueUsername } from './fixtures';
import { messageWith, openChat, postManyViaApi, postViaApi, roomByPath, send } from './chat-helpers';
import { pageOn, ServerProcess } from './server-process';

// Its own server on another port, so stopping it does not disturb the other specs.
// Messages unthrottled: a test posts more than the catch-up after a reconnect reads.
const server = new ServerProcess(Number(process.env.E2E_PORT ?? 8123) + 32, undefined, {
  MESSAGE_RATE_LIMIT: '1000000/1000000',
});
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

/**
 * A reader logged in on a page of the private server (console errors matching `expected` allowed)
 * and another user who writes over REST, each registered afresh.
 */
async function readerAndWriter(browser: Browser, expected: RegExp) {
  const { context, page, errors } = await pageOn(browser, server, expected);
  const me = uniqueUsername('r');
  await registerViaApi(page.request, me);
  await loginViaApi(page.request, me);
  const api = await apiRequest.newContext({ baseURL: server.baseURL });
  const other = uniqueUsername('s');
  await registerViaApi(api, other);
  await loginViaApi(api, other);
  return { context, page, errors, api, me };
}

test('reconnects after a server restart and catches up on missed messages', async ({ browser }) => {
  test.setTimeout(60_000);
  const { context, page, errors, api } = await readerAndWriter(
    browser,
    /WebSocket connection|ERR_CONNECTION_REFUSED|mark_read/,
  );

  const room = await roomByPath(page.request, 'campus_life.running');
  await openChat(page, room.id);
  await send(page, 'before restart');
  await expect(messageWith(page, 'before restart')).toBeVisible();

  await server.stop();
  await expect(page.getByText('Reconnecting…')).toBeVisible();
  await server.start();
  // Posted while the page is still disconnected: only the history refetch can bring it.
  await postViaApi(api, room.id, 'missed while offline');
  await expect(page.getByText(/Connecting…|Reconnecting…/)).toHaveCount(0, { timeout: 15_000 });
  await expect(messageWith(page, 'missed while offline')).toBeVisible();

  // And the live connection works again, both ways.
  await postViaApi(api, room.id, 'live after restart');
  await expect(messageWith(page, 'live after restart')).toBeVisible();
  await send(page, 'sent after restart');
  await expect(messageWith(page, 'sent after restart')).toBeVisible();
  expect(
    await page
      .getByRole('log', { name: 'Messages' })
      .getByRole('article')
      .filter({ hasText: 'before restart' })
      .count(),
  ).toBe(1);

  expect(errors).toEqual([]);
  await api.dispose();
  await context.close();
});

test('after a long absence the catch-up leaves no gap: paging back reaches every missed message', async ({
  browser,
}) => {
  test.slow();
  const { context, page, errors, api, me } = await readerAndWriter(browser, /WebSocket connection|mark_read/);

  // The phone goes offline: its room socket is cut and cannot come back until the network does.
  let offline = false;
  const cut: Array<() => Promise<void>> = [];
  await page.routeWebSocket(/\/ws\/room\//, (ws: WebSocketRoute) => {
    if (offline) return void ws.close({ code: 4000, reason: 'offline' });
    const upstream = ws.connectToServer();
    cut.push(async () => {
      await ws.close({ code: 4000, reason: 'offline' });
      await upstream.close();
    });
  });
  const room = await roomByPath(page.request, 'campus_life.housing');
  await openChat(page, room.id);
  const before = `last word before the gap ${me}`;
  await send(page, before);
  await expect(messageWith(page, before)).toBeVisible();

  offline = true;
  for (const close of cut.splice(0)) await close();
  await expect(page.getByText('Reconnecting…')).toBeVisible();
  // More than the five pages of 50 the catch-up reads.
  await postManyViaApi(
    api,
    room.id,
    Array.from({ length: 260 }, (_, i) => `missed ${i + 1} of 260 ${me}`),
  );
  offline = false;
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByText(/Connecting…|Reconnecting…/)).toHaveCount(0, { timeout: 15_000 });
  await expect(messageWith(page, `missed 260 of 260 ${me}`)).toBeVisible();

  // Paging back walks through the first missed messages to the last word seen before.
  const scroller = page.locator('[data-virtuoso-scroller]');
  await expect(async () => {
    await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
    await expect(messageWith(page, before)).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
  await expect(messageWith(page, `missed 1 of 260 ${me}`)).toBeAttached();
  await expect(messageWith(page, `missed 2 of 260 ${me}`)).toBeAttached();

  expect(errors).toEqual([]);
  await api.dispose();
  await context.close();
});

test('the owner renames a members-only room in the details dialog and the chat header', async ({
  browser,
}) => {
  test.slow();
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  await loginViaApi(page.request, 'maya', server.demoPassword('maya'));
  const room = await roomByPath(page.request, 'science.mathematics.math-101.tutors');
  expect(room.can_rename).toBe(true);

  await page.goto('/#/home?path=science.mathematics.math-101');
  await page.getByRole('button', { name: 'Details of MATH-101 Tutors' }).click({ timeout: 20_000 });
  const dialog = page.getByRole('dialog', { name: /^Room details/ });
  await expect(dialog.getByText('maya • @maya (owner, you)')).toBeVisible();
  await expect(dialog.getByText('You have joined')).toBeVisible();
  await dialog.getByRole('button', { name: 'Rename' }).click();
  const input = dialog.getByRole('textbox', { name: 'Room name' });
  await expect(input).toHaveAttribute('maxlength', '120');
  await input.fill('   ');
  await input.press('Enter');
  await expect(dialog.getByText('Name is required')).toBeVisible();
  // Escape leaves the editor, not the dialog.
  await input.press('Escape');
  await expect(input).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await input.fill('  Maths Tutors Lounge  ');
  await input.press('Enter');
  await expect(page.getByText('Room renamed')).toBeVisible();
  await expect(dialog.getByText('Maths Tutors Lounge', { exact: true })).toBeVisible();

  // The bot switch belongs to the owner too.
  await dialog.getByRole('switch').click();
  await expect(page.getByText('Bots enabled')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto(`/#/chat/${room.id}`);
  // The chat's code and its first history load on a busy machine can take longer than 5 s.
  await expect(page.getByRole('heading', { level: 1, name: 'Maths Tutors Lounge' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('Bot allowed')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Owner: maya' })).toHaveAttribute('href', '#/userprofile/maya');
  await page.getByRole('button', { name: 'Room actions' }).click();
  await page.getByRole('menuitem', { name: 'Rename room' }).click();
  const rename = page
    .getByRole('dialog', { name: 'Rename room' })
    .getByRole('textbox', { name: 'Room name' });
  await rename.fill('Maths Tutors');
  await rename.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Maths Tutors' })).toBeVisible();
  await context.close();
});
