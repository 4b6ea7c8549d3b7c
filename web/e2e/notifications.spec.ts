import { request as apiRequest, type Page } from '@playwright/test';
import { NOTIFICATION_PAGE_TEXTS, TEXTS } from '@studium/protocol';
import {
  expect,
  expectNoSeriousA11yViolations,
  gotoRoute,
  loggedInApi,
  loginViaApi,
  registerViaApi,
  routeOf,
  test,
  uniqueUsername,
} from './fixtures';
import { createGroupViaApi, openDmViaApi, notificationsLink, sendMessagesViaApi } from './dm-helpers';
import { pageOn, ServerProcess } from './server-process';

const t = NOTIFICATION_PAGE_TEXTS;

test('the badge caps at 99+; the list pages, opens a room and marks everything read', async ({
  page,
  user,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await gotoRoute(page, '/notifications');
  await expect(page.getByText(t.empty)).toBeVisible();
  await expect(page.getByRole('button', { name: t.markAllRead })).toBeDisabled();
  // Desktop notifications are offered, never asked for on their own.
  const permission = await page.evaluate(() => Notification.permission);
  if (permission === 'default')
    await expect(page.getByRole('button', { name: t.enableDesktop })).toBeVisible();

  const other = await loggedInApi(baseURL!);
  const room = await openDmViaApi(other.api, user.username);
  await sendMessagesViaApi(other.api, room, 101, 'ping');

  await expect(page.getByTestId('unread-badge')).toHaveText(TEXTS.nav.unreadCap, { timeout: 15_000 });
  await expect(notificationsLink(page)).toHaveAccessibleName('Notifications, 99+ unread');
  await expect(page).toHaveTitle('(99+) Studium');

  // Live: every new notification went on top of the open list, without a refetch.
  const items = page.getByTestId('notification-item');
  await expect(items).toHaveCount(101);
  await expect(items.first()).toContainText(`${other.username} sent you a message`);
  await expect(items.first()).toContainText('ping 101');
  await expect(items.first()).toHaveAttribute('data-unread', 'true');

  // A fresh visit pages: 30 a page, then 'Load more'.
  await page.reload();
  await expect(items).toHaveCount(30);
  await expect(items.first()).toContainText('ping 101');
  await page.getByRole('button', { name: t.loadMore }).click();
  await expect(items).toHaveCount(60);
  await expectNoSeriousA11yViolations(page);

  // An item opens its room (with the message id) and clears that room's count.
  await items.first().click();
  await expect.poll(() => routeOf(page)).toBe(`/chat/${room}`);
  expect(new URL(page.url()).hash).toMatch(new RegExp(`^#/chat/${room}\\?message=\\d+$`));
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  await expect(page).toHaveTitle('Studium');

  // More news; Mark all as read clears it and restyles the list.
  // Leave the room first: news for the room on screen is read at once.
  await gotoRoute(page, '/notifications');
  await sendMessagesViaApi(other.api, room, 2, 'later');
  await expect(page.getByTestId('unread-badge')).toHaveText('2');
  await expect(page.locator('[data-testid="notification-item"][data-unread]')).toHaveCount(2);
  await page.getByRole('button', { name: t.markAllRead }).click();
  await expect(page.getByText(t.markedAllRead)).toBeVisible();
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  await expect(page.locator('[data-testid="notification-item"][data-unread]')).toHaveCount(0);
  await other.api.dispose();
});

test('being added to a group shows live, reads as who added you where, and opens the group', async ({
  page,
  user,
  baseURL,
}) => {
  await gotoRoute(page, '/notifications');
  await expect(page.getByText(t.empty)).toBeVisible();
  const other = await loggedInApi(baseURL!);
  const group = await createGroupViaApi(other.api, 'Exam prep crew', [user.username]);
  await expect(page.getByTestId('unread-badge')).toHaveText('1');
  const item = page.getByTestId('notification-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(`${other.username} added you to Exam prep crew`);
  await item.click();
  await expect.poll(() => routeOf(page)).toBe(`/chat/${group}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Exam prep crew' })).toBeVisible();
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  await other.api.dispose();
});

/** The page's notification sockets as they open, each with whether it has closed. */
function watchNotificationSockets(page: Page) {
  const sockets: { closed: boolean }[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/ws/notifications/')) return;
    const entry = { closed: ws.isClosed() };
    sockets.push(entry);
    ws.on('close', () => (entry.closed = true));
  });
  return {
    opened: () => sockets.length,
    open: () => sockets.filter((s) => !s.closed).length,
  };
}

test('logging out closes the socket and resets the count', async ({ page, user, baseURL }) => {
  const sockets = watchNotificationSockets(page);
  const other = await loggedInApi(baseURL!);
  const room = await openDmViaApi(other.api, user.username);
  await gotoRoute(page, '/home');
  await sendMessagesViaApi(other.api, room, 3, 'hi');
  await expect(page.getByTestId('unread-badge')).toHaveText('3');
  await expect(page).toHaveTitle('(3) Studium');
  await page.getByRole('button', { name: `Account menu for ${user.username}` }).click();
  await page.getByRole('menuitem', { name: TEXTS.nav.logOut }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: TEXTS.nav.signIn }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Studium');
  // The socket really closed, and no other opened for the logged-out page.
  expect(sockets.opened()).toBeGreaterThan(0);
  await expect.poll(() => sockets.open()).toBe(0);
  const opened = sockets.opened();
  await gotoRoute(page, '/');
  expect(sockets.opened()).toBe(opened);
  await other.api.dispose();
});

test.describe('with its own server', () => {
  // Its own server, so stopping it does not disturb the other specs.
  const server = new ServerProcess(Number(process.env.E2E_PORT ?? 8123) + 30);
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => server.start());
  test.afterAll(async () => server.dispose());

  test('the badge survives a server restart: the socket reconnects with back-off', async ({ browser }) => {
    test.setTimeout(60_000);
    // The room tree loads level by level; a level asked for while the server stops gets its 503,
    // or its connection reset when the server goes in the middle of the answer.
    const { context, page, errors } = await pageOn(
      browser,
      server,
      /WebSocket connection|ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|status of 503 \(Service Unavailable\) @ \S+\/api\/rooms\//,
    );
    const me = uniqueUsername('n');
    await registerViaApi(page.request, me);
    await loginViaApi(page.request, me);
    const other = await loggedInApi(server.baseURL);
    const room = await openDmViaApi(other.api, me);

    const sockets = watchNotificationSockets(page);
    await gotoRoute(page, '/home');
    await sendMessagesViaApi(other.api, room, 2, 'before');
    await expect(page.getByTestId('unread-badge')).toHaveText('2');
    // The server stops once the page has loaded: a part still loading would fail with it (and
    // show its own error), which is not what this test is about.
    await expect(page.getByRole('list', { name: 'Rooms' })).toBeVisible();
    await page.waitForLoadState('networkidle');

    await server.stop();
    // Disconnected, the badge keeps its count.
    await expect.poll(() => sockets.open()).toBe(0);
    await expect(page.getByTestId('unread-badge')).toHaveText('2');
    await server.start();
    // The sender's session survives the restart (sessions are stored); its message arrives live.
    // It sends from a new request context with the same cookies: the old one's pooled keep-alive
    // connections went with the stopped server, and reusing one could be reset.
    const sender = await apiRequest.newContext({
      baseURL: server.baseURL,
      storageState: await other.api.storageState(),
    });
    await other.api.dispose();
    await sendMessagesViaApi(sender, room, 1, 'after');
    await expect(page.getByTestId('unread-badge')).toHaveText('3', { timeout: 20_000 });
    await expect(page).toHaveTitle('(3) Studium');

    expect(errors).toEqual([]);
    await sender.dispose();
    await context.close();
  });
});
