import { request as apiRequest, type APIRequestContext, type Page } from '@playwright/test';
import { UNREAD_TEXTS } from '@studium/protocol';
import { messageWith, openChat, roomByPath, send } from './chat-helpers';
import { notificationsLink } from './dm-helpers';
import { csrfHeader, expect, loginViaApi, registerViaApi, test, uniqueUsername } from './fixtures';

/** Another user, logged in through its own API context. */
async function otherUser(baseURL: string) {
  const api = await apiRequest.newContext({ baseURL });
  const username = uniqueUsername('o');
  await registerViaApi(api, username);
  await loginViaApi(api, username);
  return { api, username };
}

async function join(request: APIRequestContext, room: number) {
  const res = await request.post(`/api/rooms/${room}/join/`, { headers: await csrfHeader(request) });
  expect(res.status(), await res.text()).toBe(200);
}

async function post(request: APIRequestContext, room: number, content: string) {
  const res = await request.post(`/api/rooms/${room}/messages/`, {
    data: { content },
    headers: await csrfHeader(request),
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The /home card of a room, found under its parent's path. */
async function roomCard(page: Page, parentPath: string, name: string) {
  await page.goto(`/#/home?path=${encodeURIComponent(parentPath)}`);
  return page.getByRole('listitem').filter({ has: page.getByRole('button', { name, exact: true }) });
}

test('a room opens at a New messages divider above what others wrote meanwhile; /home counts it', async ({
  page,
  user,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const room = await roomByPath(page.request, 'science.physics.phys-201');
  await join(page.request, room.id);
  const other = await otherUser(baseURL!);
  await join(other.api, room.id);
  await post(other.api, room.id, 'read before: the syllabus is online');
  await openChat(page, room.id);
  await expect(messageWith(page, 'read before')).toBeVisible();
  // The marker follows what was on screen (debounced): leaving after that, nothing is unread.
  await expect.poll(async () => (await roomByPath(page.request, String(room.id))).read_state?.unread).toBe(0);

  await page.goto('/#/notifications');
  await post(other.api, room.id, 'while away: first unread');
  await post(other.api, room.id, `@${user.username} while away: you are mentioned`);
  await post(other.api, room.id, 'while away: third');

  const card = await roomCard(page, 'science.physics', room.name);
  await expect(card.getByRole('img', { name: '3 unread messages' })).toHaveText('3');
  await expect(card.getByRole('img', { name: '1 mention' })).toHaveText('@1');
  await expect(card.getByTestId('room-level')).toBeVisible();

  await openChat(page, room.id);
  const divider = page.getByRole('separator', { name: UNREAD_TEXTS.divider });
  await expect(divider).toHaveCount(1);
  await expect(divider).toBeVisible();
  // Right above the first message written while away, below the one read before.
  const item = page
    .locator('div')
    .filter({ has: divider })
    .filter({ has: page.getByRole('article') })
    .last();
  await expect(item.getByRole('article')).toContainText('first unread');
  // Reading moves the marker; the divider stays where it was.
  await expect.poll(async () => (await roomByPath(page.request, String(room.id))).read_state?.unread).toBe(0);
  await send(page, 'my reply');
  await expect(messageWith(page, 'my reply')).toBeVisible();
  await expect(divider).toHaveCount(1);

  const again = await roomCard(page, 'science.physics', room.name);
  await expect(again.getByTestId('room-level')).toBeVisible();
  await expect(again.getByTestId('room-unread')).toHaveCount(0);
  await expect(again.getByTestId('room-mentions')).toHaveCount(0);
  await other.api.dispose();
});

/** Resolves once the page's notification socket has had its first frame (it is registered). */
function notificationSocketReady(page: Page) {
  return new Promise<void>((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/ws/notifications/')) return;
      ws.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"notification.init"')) resolve();
      });
    });
  });
}

test('a room card on /home counts, live, what others write, and clears when the room is read in another tab', async ({
  page,
  user,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const room = await roomByPath(page.request, 'science.chemistry.chem-102');
  await join(page.request, room.id);
  const other = await otherUser(baseURL!);
  await join(other.api, room.id);

  const ready = notificationSocketReady(page);
  const card = await roomCard(page, 'science.chemistry', room.name);
  await expect(card.getByTestId('room-level')).toBeVisible();
  await expect(card.getByTestId('room-unread')).toHaveCount(0);
  await ready;
  // Everything below happens on this one load of /home.
  await page.evaluate(() => Object.assign(window, { stillTheSameLoad: true }));

  await post(other.api, room.id, 'live: the lab report is due friday');
  await expect(card.getByRole('img', { name: '1 unread message' })).toHaveText('1');
  await expect(card.getByTestId('room-mentions')).toHaveCount(0);

  await post(other.api, room.id, `@${user.username} live: can you bring the goggles?`);
  await post(other.api, room.id, 'live: thanks!');
  await expect(card.getByRole('img', { name: '3 unread messages' })).toHaveText('3');
  await expect(card.getByRole('img', { name: '1 mention' })).toHaveText('@1');

  // Reading the room in another tab moves the marker: the badges here go.
  const tab = await page.context().newPage();
  await openChat(tab, room.id);
  await expect(messageWith(tab, 'live: thanks!')).toBeVisible();
  await expect(card.getByTestId('room-unread')).toHaveCount(0);
  await expect(card.getByTestId('room-mentions')).toHaveCount(0);
  await expect(card.getByTestId('room-level')).toBeVisible();
  await tab.close();
  expect(await page.evaluate(() => 'stillTheSameLoad' in window)).toBe(true);
  await other.api.dispose();
});

test('a muted room stays silent while another room notifies', async ({ page, user, baseURL }) => {
  test.setTimeout(60_000);
  const muted = await roomByPath(page.request, 'science.chemistry.chem-201');
  const loud = await roomByPath(page.request, 'science.biology.bio-201');
  await join(page.request, muted.id);
  await join(page.request, loud.id);

  await openChat(page, muted.id);
  await page.getByRole('button', { name: 'Room actions' }).click();
  await expect(page.getByRole('menuitemcheckbox', { name: UNREAD_TEXTS.levels.mentions })).toBeChecked();
  await page.getByRole('menuitemcheckbox', { name: UNREAD_TEXTS.levels.mute }).click();
  await expect(page.getByText(UNREAD_TEXTS.levelSaved)).toBeVisible();
  await page.getByRole('button', { name: 'Room actions' }).click();
  await expect(page.getByRole('menuitemcheckbox', { name: UNREAD_TEXTS.levels.mute })).toBeChecked();
  await page.keyboard.press('Escape');

  await page.goto('/#/home');
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  const other = await otherUser(baseURL!);
  await post(other.api, muted.id, `@${user.username} are you there? (muted)`);
  await post(other.api, loud.id, `@${user.username} are you there? (loud)`);
  // The second mention's notification arrives; the first one (sent before it) never does.
  await expect(page.getByTestId('unread-badge')).toHaveText('1', { timeout: 15_000 });
  await expect(notificationsLink(page)).toHaveAccessibleName('Notifications, 1 unread');
  await page.goto('/#/notifications');
  const items = page.getByTestId('notification-item');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(loud.name);
  await expect(items.first()).toContainText('(loud)');
  await other.api.dispose();
});

test('an unsent message survives a reload, and sending clears it', async ({ page, user }) => {
  expect(user.username).toBeTruthy();
  const room = await roomByPath(page.request, 'science.physics.phys-102');
  await join(page.request, room.id);
  await openChat(page, room.id);
  const box = page.getByRole('textbox', { name: 'Message' });
  const text = `half a thought about entropy ${Date.now()}`;
  await box.fill(text);
  await page.reload();
  await expect(box).toHaveValue(text, { timeout: 10_000 });
  await box.press('Enter');
  await expect(messageWith(page, text)).toBeVisible();
  await expect(box).toHaveValue('');
  await page.reload();
  await expect(messageWith(page, text)).toBeVisible({ timeout: 10_000 });
  await expect(box).toHaveValue('');
});
