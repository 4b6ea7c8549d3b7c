import type { Browser, Page, Route, WebSocketRoute } from '@playwright/test';
import { BLOCKS_TEXTS, CHAT_TEXTS } from '@studium/protocol';
import { editViaApi, messageWith, postViaApi } from './chat-helpers';
import { conversationRow, notificationsLink, secondUserWithGroup } from './dm-helpers';
import { csrfHeader, expect, goInApp, gotoRoute, test } from './fixtures';

/**
 * Open screens follow what changes elsewhere (another user, another tab of the same user), and a
 * tab whose connection was lost for a while is current again once it is back
 * (docs/notifications.md, "Lists in the app").
 */

function roomHeading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

async function waitLive(page: Page) {
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled({ timeout: 10_000 });
  await expect(page.getByText(/Connecting…|Reconnecting…/)).toHaveCount(0, { timeout: 10_000 });
}

/**
 * The page's live connections pass through here, so a test can cut them as a lost network does
 * (Chromium's offline mode leaves open sockets alone). `down('closed')` closes them and refuses
 * new ones until `up`. `down('dead')` leaves them open but carries nothing on them either way, ever
 * again: a connection whose other end is gone looks so from the browser (offline, or asleep) until
 * it writes; only a new connection, after `up`, carries frames.
 */
async function cuttableSockets(page: Page) {
  let refuse = false;
  const open = new Map<WebSocketRoute, { dead: boolean }>();
  await page.routeWebSocket(/\/ws\//, (ws) => {
    if (refuse) return void ws.close({ code: 4000, reason: 'offline' });
    const server = ws.connectToServer();
    const state = { dead: false };
    open.set(ws, state);
    ws.onMessage((frame) => !state.dead && server.send(frame));
    server.onMessage((frame) => !state.dead && ws.send(frame));
    ws.onClose((code, reason) => {
      open.delete(ws);
      void server.close({ code, reason });
    });
  });
  return {
    down: async (how: 'closed' | 'dead') => {
      for (const state of open.values()) state.dead = true;
      await page.context().setOffline(true);
      if (how === 'closed') {
        refuse = true;
        await Promise.all([...open.keys()].map((ws) => ws.close({ code: 4000, reason: 'offline' })));
      }
    },
    up: async () => {
      refuse = false;
      await page.context().setOffline(false);
    },
  };
}

/** A group with a message of the user's, open in the room with that message in the editor. */
async function editingOwnMessage(
  page: Page,
  username: string,
  browser: Browser,
  baseURL: string | undefined,
  text: string,
) {
  const { alice, group } = await secondUserWithGroup(browser, baseURL, 'Edits', [username]);
  const id = await postViaApi(page.request, group, text);
  await gotoRoute(page, `/chat/${group}`);
  await waitLive(page);
  await page.locator(`article[data-message-id="${id}"]`).getByRole('button', { name: 'Edit' }).click();
  return { alice, group, id, editor: page.getByRole('textbox', { name: 'Edit message' }) };
}

function sidebarLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'My rooms' }).getByRole('link', { name });
}

async function renameViaApi(page: Page, room: number, name: string) {
  const res = await page.request.post(`/api/rooms/${room}/rename/`, {
    data: { name },
    headers: await csrfHeader(page.request),
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('a group renamed while its member reads another screen shows its new name when they come back', async ({
  page,
  user,
  browser,
  baseURL,
}) => {
  const { alice, group, name } = await secondUserWithGroup(browser, baseURL, 'Stats circle', [user.username]);
  await gotoRoute(page, `/chat/${group}`);
  await waitLive(page);
  await expect(roomHeading(page)).toHaveText(name);

  await goInApp(page, '/dms');
  const renamed = `${name} (exam week)`;
  await renameViaApi(alice.page, group, renamed);
  const row = conversationRow(page, renamed);
  await expect(row).toBeVisible();

  await row.click();
  await expect(roomHeading(page)).toHaveText(renamed);
  expect(alice.errors).toEqual([]);
  await alice.context.close();
});

test('a chat whose connection was lost shows, once back, everything that changed meanwhile', async ({
  page,
  user,
  browser,
  baseURL,
  allowConsoleError,
}) => {
  test.slow();
  allowConsoleError(/WebSocket|ERR_INTERNET_DISCONNECTED/);
  const { alice, group, name } = await secondUserWithGroup(browser, baseURL, 'Lab group', [user.username]);
  const typo = await postViaApi(alice.page.request, group, 'meet at 5pm in room B12');
  const regretted = await postViaApi(alice.page.request, group, 'my answer to q3 was wrong');
  const liked = await postViaApi(alice.page.request, group, 'slides are uploaded');
  const sockets = await cuttableSockets(page);
  await gotoRoute(page, `/chat/${group}`);
  await waitLive(page);
  await expect(messageWith(page, 'slides are uploaded')).toBeVisible();

  await sockets.down('closed');
  await expect(page.getByText('Reconnecting…', { exact: true })).toBeVisible();
  const headers = await csrfHeader(alice.page.request);
  const renamed = `${name} (moved)`;
  await renameViaApi(alice.page, group, renamed);
  await editViaApi(alice.page.request, typo, 'meet at 6pm in room B12');
  let res = await alice.page.request.delete(`/api/messages/${regretted}/`, { headers });
  expect(res.status(), await res.text()).toBe(200);
  res = await alice.page.request.post(`/api/messages/${liked}/react/`, { data: { emoji: '👍' }, headers });
  expect(res.ok(), await res.text()).toBe(true);
  await postViaApi(alice.page.request, group, `@${user.username} see you there`);

  await sockets.up();
  await expect(messageWith(page, 'see you there')).toBeVisible({ timeout: 20_000 });
  await expect(messageWith(page, 'meet at 6pm in room B12')).toBeVisible();
  await expect(messageWith(page, 'my answer to q3 was wrong')).toHaveCount(0);
  await expect(
    messageWith(page, 'slides are uploaded').getByRole('button', { name: 'thumbs up, 1' }),
  ).toBeVisible();
  await expect(roomHeading(page)).toHaveText(renamed);
  await expect(sidebarLink(page, renamed)).toBeVisible();
  expect(alice.errors).toEqual([]);
  await alice.context.close();
});

test('a tab whose connection died unseen while offline is current once the network is back', async ({
  page,
  user,
  browser,
  baseURL,
  allowConsoleError,
}) => {
  test.slow();
  allowConsoleError(/WebSocket|ERR_INTERNET_DISCONNECTED/);
  const { alice, group, name } = await secondUserWithGroup(browser, baseURL, 'Night owls', [user.username]);
  const typo = await postViaApi(alice.page.request, group, 'quiz moved to friday');
  const sockets = await cuttableSockets(page);
  await gotoRoute(page, `/chat/${group}`);
  await waitLive(page);
  await expect(messageWith(page, 'quiz moved to friday')).toBeVisible();

  // Offline: the sockets still look open, and nothing reaches them any more.
  await sockets.down('dead');
  const renamed = `${name} (finals)`;
  await renameViaApi(alice.page, group, renamed);
  await editViaApi(alice.page.request, typo, 'quiz moved to thursday');
  await postViaApi(alice.page.request, group, `@${user.username} did you see the change`);

  await sockets.up();
  await expect(messageWith(page, 'did you see the change')).toBeVisible({ timeout: 15_000 });
  await expect(messageWith(page, 'quiz moved to thursday')).toBeVisible();
  await expect(roomHeading(page)).toHaveText(renamed);
  await expect(sidebarLink(page, renamed)).toBeVisible();
  expect(alice.errors).toEqual([]);
  await alice.context.close();
});

test('conversations that could not be loaded, and a room opened offline, fill in once the server is back', async ({
  page,
  user,
  browser,
  baseURL,
  allowConsoleError,
}) => {
  test.slow();
  allowConsoleError(/WebSocket|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|Failed to load resource/);
  const { alice, group, name } = await secondUserWithGroup(browser, baseURL, 'Offline open', [user.username]);
  await postViaApi(alice.page.request, group, 'said before');

  // The server cannot be reached for the conversations: the screen says so, and then fills in by
  // itself once it can, no Retry pressed and no reload.
  const refuse = (route: Route) => route.abort('connectionrefused');
  await page.route('**/api/dms/', refuse);
  await gotoRoute(page, '/dms');
  await expect(page.getByText('Failed to load conversations')).toBeVisible({ timeout: 15_000 });
  await page.unroute('**/api/dms/', refuse);
  await expect(conversationRow(page, name)).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('Failed to load conversations')).toHaveCount(0);

  // A room opened while the network is down: its history comes in with what was said meanwhile
  // once the network is back, and the room is live.
  const sockets = await cuttableSockets(page);
  await gotoRoute(page, `/chat/${group}`);
  await waitLive(page);
  await goInApp(page, '/home');
  await expect(page.getByRole('list', { name: 'Rooms' })).toBeVisible();
  await sockets.down('closed');
  await goInApp(page, `/chat/${group}`);
  await expect(page.getByText('Failed to load messages')).toBeVisible({ timeout: 15_000 });
  await postViaApi(alice.page.request, group, 'said meanwhile');
  await sockets.up();
  await expect(messageWith(page, 'said meanwhile')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Failed to load messages')).toHaveCount(0);
  await waitLive(page);
  await postViaApi(alice.page.request, group, 'said live');
  await expect(messageWith(page, 'said live')).toBeVisible();
  expect(alice.errors).toEqual([]);
  await alice.context.close();
});

test('an edit open when its message is deleted elsewhere keeps what was typed, in the message box', async ({
  page,
  user,
  browser,
  baseURL,
}) => {
  const { alice, id, editor } = await editingOwnMessage(page, user.username, browser, baseURL, 'first try');
  const rewrite = 'a much longer rewrite of the answer, worth keeping';
  await editor.fill(rewrite);

  // Deleted in another tab: the editor closes, and the words go to the message box, said so.
  const res = await page.request.delete(`/api/messages/${id}/`, { headers: await csrfHeader(page.request) });
  expect(res.status(), await res.text()).toBe(200);
  await expect(page.getByText(CHAT_TEXTS.chat.editMovedToDraft)).toBeVisible();
  await expect(editor).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(rewrite);
  expect(alice.errors).toEqual([]);
  await alice.context.close();
});

test('an edit half typed survives a reload and a visit to another screen; cancelled, it is gone', async ({
  page,
  user,
  browser,
  baseURL,
}) => {
  const { alice, group, editor } = await editingOwnMessage(page, user.username, browser, baseURL, 'the lab');
  await editor.fill('the lab moved to wednesday, room');

  await page.reload();
  await waitLive(page);
  await expect(editor).toHaveValue('the lab moved to wednesday, room');
  await goInApp(page, '/home');
  await expect(page.getByRole('list', { name: 'Rooms' })).toBeVisible();
  await goInApp(page, `/chat/${group}`);
  await expect(editor).toHaveValue('the lab moved to wednesday, room');

  await editor.press('Escape');
  await expect(editor).toHaveCount(0);
  await page.reload();
  await waitLive(page);
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await expect(editor).toHaveCount(0);
  expect(alice.errors).toEqual([]);
  await alice.context.close();
});

test('a block made in another tab collapses the blocked person’s messages in the chat open here', async ({
  page,
  user,
  browser,
  baseURL,
}) => {
  const { alice, group } = await secondUserWithGroup(browser, baseURL, 'Revision', [user.username]);
  await postViaApi(alice.page.request, group, 'a message from alice');
  await gotoRoute(page, `/chat/${group}`);
  await waitLive(page);
  await expect(messageWith(page, 'a message from alice')).toBeVisible();

  // The same user, in a second tab, blocks Alice from her profile.
  const other = await page.context().newPage();
  await gotoRoute(other, `/userprofile/${alice.username}`);
  await other.getByRole('button', { name: BLOCKS_TEXTS.block, exact: true }).click();
  await other
    .getByRole('dialog', { name: `${BLOCKS_TEXTS.block} ${alice.username}?` })
    .getByRole('button', { name: BLOCKS_TEXTS.block, exact: true })
    .click();
  await expect(other.getByText(BLOCKS_TEXTS.blocked(alice.username))).toBeVisible();

  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText(BLOCKS_TEXTS.blockedMessage)).toBeVisible();
  await expect(messageWith(page, 'a message from alice')).toHaveCount(0);
  await other.close();
  await alice.context.close();
});

test('logging out in one tab ends the other tab’s chat: it shows nothing private and sends nothing', async ({
  page,
  user,
  browser,
  baseURL,
  allowConsoleError,
}) => {
  // The other tab's sockets are closed by the server, and it may try once more before it knows.
  allowConsoleError(/WebSocket/);
  const { alice, group } = await secondUserWithGroup(browser, baseURL, 'Private', [user.username]);
  await postViaApi(alice.page.request, group, 'a private plan');
  await gotoRoute(page, `/chat/${group}`);
  await waitLive(page);
  await expect(messageWith(page, 'a private plan')).toBeVisible();

  const other = await page.context().newPage();
  await gotoRoute(other, '/home');
  await other.getByRole('button', { name: `Account menu for ${user.username}` }).click();
  await other.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(other.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();

  await expect(messageWith(page, 'a private plan')).toHaveCount(0, { timeout: 10_000 });
  await expect(page).not.toHaveURL(/#\/chat\//);
  await other.close();
  await alice.context.close();
});

test('notifications read in one tab are read in the other tab’s bell and list', async ({
  page,
  user,
  browser,
  baseURL,
}) => {
  const { alice, group } = await secondUserWithGroup(browser, baseURL, 'Bell', [user.username]);
  await gotoRoute(page, '/notifications');
  await postViaApi(alice.page.request, group, `@${user.username} are you coming`);
  await expect(notificationsLink(page)).toHaveAccessibleName('Notifications, 2 unread');

  const other = await page.context().newPage();
  await gotoRoute(other, `/chat/${group}`);
  await waitLive(other);
  await expect(notificationsLink(page)).toHaveAccessibleName('Notifications', { timeout: 10_000 });
  await other.close();
  await alice.context.close();
});

test('a room open in two tabs has one draft: what one tab typed survives closing either', async ({
  page,
  user,
  browser,
  baseURL,
}) => {
  const { alice, group } = await secondUserWithGroup(browser, baseURL, 'Essay', [user.username]);
  await gotoRoute(page, `/chat/${group}`);
  await waitLive(page);
  const other = await page.context().newPage();
  await gotoRoute(other, `/chat/${group}`);
  await waitLive(other);

  const box = page.getByRole('textbox', { name: 'Message' });
  const otherBox = other.getByRole('textbox', { name: 'Message' });
  await box.fill('The first half of my answer');
  await expect(otherBox).toHaveValue('The first half of my answer');
  // The student goes on in the other tab, then closes it.
  await otherBox.press('End');
  await otherBox.pressSequentially(', and the second half');
  await expect(box).toHaveValue('The first half of my answer, and the second half');
  await other.close();

  await page.reload();
  await expect(box).toHaveValue('The first half of my answer, and the second half', { timeout: 10_000 });
  await alice.context.close();
});
