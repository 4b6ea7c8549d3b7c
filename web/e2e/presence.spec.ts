import type { Page, WebSocket } from '@playwright/test';
import { PRESENCE_TEXTS } from '@studium/protocol';
import { expectNoSeriousA11yViolations, gotoRoute, expect, test } from './fixtures';
import { openChat, secondUser, send } from './chat-helpers';
import { createGroupViaApi, openDmViaApi } from './dm-helpers';

const typingLine = (page: Page) => page.getByTestId('typing-indicator');

/** Collects the frames a page sends on its room sockets. */
function recordSentFrames(page: Page): string[] {
  const sent: string[] = [];
  page.on('websocket', (ws: WebSocket) => {
    if (ws.url().includes('/ws/room/')) ws.on('framesent', (f) => sent.push(String(f.payload)));
  });
  return sent;
}

/**
 * Opens a profile and waits for the first presence frame about it. The frame listener is attached
 * as the socket is created: the server sends that frame once and then only changes, so a listener
 * attached later could wait for ever.
 */
async function openProfileWatching(page: Page, username: string) {
  const firstFrame = new Promise<void>((resolve) => {
    const onSocket = (ws: WebSocket) => {
      if (!ws.url().includes('/ws/presence/')) return;
      page.off('websocket', onSocket);
      ws.on('framereceived', (f) => {
        if (String(f.payload).includes('"presence"')) resolve();
      });
    };
    page.on('websocket', onSocket);
  });
  await gotoRoute(page, `/userprofile/${username}`);
  await firstFrame;
}

test("typing shows '{name} is typing…', clears with the message and expires; online dots follow the other's page", async ({
  page,
  browser,
  user,
}) => {
  test.slow();
  const other = await secondUser(browser);
  const room = await openDmViaApi(page.request, other.username);
  await openChat(page, room);
  // The composer announces typing once it knows the user's presence setting.
  const settingLoaded = other.page.waitForResponse('**/api/profile/settings/presence/');
  await openChat(other.page, room);
  await settingLoaded;

  // In the conversation, the partner shows online beside its title.
  const chatHeader = page.locator('header').filter({ has: page.locator('#page-title') });
  await expect(chatHeader.getByRole('img', { name: PRESENCE_TEXTS.online })).toBeVisible();

  // Typing appears on the other side, and goes with the message.
  await other.page.getByRole('textbox', { name: 'Message' }).pressSequentially('hel');
  await expect(typingLine(page)).toHaveText(PRESENCE_TEXTS.isTyping(other.username));
  await send(other.page, 'hello there');
  await expect(page.getByText('hello there')).toBeVisible();
  await expect(typingLine(page)).toHaveText('');

  // Typing without sending goes away by itself.
  await other.page.getByRole('textbox', { name: 'Message' }).pressSequentially('more');
  await expect(typingLine(page)).toHaveText(PRESENCE_TEXTS.isTyping(other.username));
  await expect(typingLine(page)).toHaveText('', { timeout: 10_000 });
  // One's own typing is never shown to oneself.
  await expect(typingLine(other.page)).toHaveText('');

  // The other is online while their page is open: in a room's member list, on their profile and
  // on the DM row.
  const group = await createGroupViaApi(page.request, 'Presence group', [other.username]);
  await openChat(page, group);
  await page.getByRole('button', { name: 'Room actions' }).click();
  await page.getByRole('menuitem', { name: 'Room details' }).click();
  const member = page
    .getByRole('dialog', { name: /^Room details/ })
    .getByRole('listitem')
    .filter({ hasText: `@${other.username}` });
  await expect(member.getByRole('img', { name: PRESENCE_TEXTS.online })).toBeVisible();
  await page.keyboard.press('Escape');

  await gotoRoute(page, `/userprofile/${other.username}`);
  await expect(page.getByRole('img', { name: PRESENCE_TEXTS.online })).toBeVisible();
  await gotoRoute(page, '/dms');
  const row = page.getByTestId('conversation-row').filter({ hasText: other.username });
  await expect(row.getByRole('img', { name: PRESENCE_TEXTS.online })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The other closes their page: the dot goes.
  await other.context.close();
  await expect(row.getByRole('img', { name: PRESENCE_TEXTS.online })).toHaveCount(0);
  expect(user.username).not.toBe(other.username);
  expect(other.errors).toEqual([]);
});

test("with 'Show when I'm online and typing' off, neither typing nor the online dot shows", async ({
  page,
  browser,
  user: _user,
}) => {
  test.slow();
  const other = await secondUser(browser);
  const sent = recordSentFrames(other.page);
  await gotoRoute(other.page, '/profile');
  await other.page.getByRole('tab', { name: 'Settings' }).click();
  const toggle = other.page.getByRole('switch', { name: PRESENCE_TEXTS.settingLabel });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(other.page.getByText(PRESENCE_TEXTS.saved)).toBeVisible();
  await expect(toggle).not.toBeChecked();

  const room = await openDmViaApi(page.request, other.username);
  await openChat(page, room);
  await openChat(other.page, room);
  await other.page.getByRole('textbox', { name: 'Message' }).pressSequentially('psst');
  await send(other.page, 'quiet hello');
  await expect(page.getByText('quiet hello')).toBeVisible();
  expect(sent.some((f) => f.includes('"typing"'))).toBe(false);
  await expect(typingLine(page)).toHaveText('');

  // Their page is open, yet they are not shown online.
  await openProfileWatching(page, other.username);
  await expect(page.getByRole('heading', { name: `@${other.username}` })).toBeVisible();
  await expect(page.getByRole('img', { name: PRESENCE_TEXTS.online })).toHaveCount(0);
  await other.context.close();
  expect(other.errors).toEqual([]);
});
