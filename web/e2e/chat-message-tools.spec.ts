import type { Page } from '@playwright/test';
import { BLOCKS_TEXTS, CHAT_TEXTS } from '@studium/protocol';
import { messageWith, openChat, postViaApi, roomByPath, secondUser } from './chat-helpers';
import { createGroupViaApi, openDmViaApi, sendMessagesViaApi } from './dm-helpers';
import { csrfHeader, expect, expectNoSeriousA11yViolations, test } from './fixtures';

// Two users, dozens of messages and an axe scan each: a busy two-core machine needs the room.
test.describe.configure({ timeout: 180_000 });
/** How long a page may take to open a room on a busy machine. */
const OPEN = 30_000;

const p = CHAT_TEXTS.pins;
const a = CHAT_TEXTS.messageActions;

/** Opens a message's 'More actions' menu (the toolbar shows on hover). */
async function openMoreMenu(page: Page, message: ReturnType<typeof messageWith>) {
  await message.hover();
  await message.getByRole('button', { name: a.more }).click();
  return page.getByRole('menu');
}

const pinnedButton = (page: Page) => page.getByRole('button', { name: new RegExp(`^${p.button}`) });

test('the group’s owner pins a message; the other member sees it live in Pinned and jumps to it in context', async ({
  page,
  browser,
  user: _user,
}) => {
  const member = await secondUser(browser);
  const room = await createGroupViaApi(page.request, 'Exam prep', [member.username]);
  const stamp = Date.now();
  const target = await postViaApi(member.page.request, room, `Exam on **Friday** ${stamp}, room 3`);
  // Enough after it that it is not on the latest page: reaching it takes the jump.
  await sendMessagesViaApi(member.page.request, room, 60, `filler ${stamp}`);
  await openChat(member.page, room, OPEN);

  // A member without can_pin has Copy link, and no Pin.
  const menu = await openMoreMenu(member.page, messageWith(member.page, `filler ${stamp} 60`));
  await expect(menu.getByRole('menuitem', { name: a.copyLink })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: p.pin })).toHaveCount(0);
  await member.page.keyboard.press('Escape');
  await expect(pinnedButton(member.page)).toHaveText(p.button);

  // The owner opens the message and pins it.
  await page.goto(`/#/chat/${room}?message=${target}`);
  const message = page.locator(`#message-${target}`);
  await expect(message).toBeVisible({ timeout: OPEN });
  await (await openMoreMenu(page, message)).getByRole('menuitem', { name: p.pin }).click();
  await expect(page.getByText(p.pinned)).toBeVisible();
  await expect(pinnedButton(page)).toContainText('1');

  // The member sees it arrive, and the list: author, time and the text as plain text.
  await expect(pinnedButton(member.page)).toContainText('1');
  await pinnedButton(member.page).click();
  const panel = member.page.getByRole('dialog', { name: p.title });
  const pin = panel.getByTestId('pinned-message');
  await expect(pin).toHaveCount(1);
  await expect(pin).toContainText(member.username);
  await expect(pin).toContainText(`Exam on Friday ${stamp}, room 3`);
  await expect(pin.locator('time')).toBeVisible();
  await expectNoSeriousA11yViolations(member.page, '[role="dialog"]');

  await pin.click();
  await expect(panel).toHaveCount(0);
  const jumped = member.page.locator(`#message-${target}`);
  await expect(jumped).toBeVisible({ timeout: OPEN });
  // In view (its highlight fades after a few seconds, which a busy machine can take).
  await expect(jumped).toBeInViewport();

  // Unpinned by the owner: gone from the member's list, live.
  await (await openMoreMenu(page, message)).getByRole('menuitem', { name: p.unpin }).click();
  await expect(pinnedButton(member.page)).toHaveText(p.button);

  // Pinned again, then deleted by its author: the pin goes with it.
  await (await openMoreMenu(page, message)).getByRole('menuitem', { name: p.pin }).click();
  await expect(pinnedButton(member.page)).toContainText('1');
  const deleted = await member.page.request.delete(`/api/messages/${target}/`, {
    headers: await csrfHeader(member.page.request),
  });
  expect(deleted.ok()).toBe(true);
  await expect(pinnedButton(page)).toHaveText(p.button);
  expect(member.errors).toEqual([]);
  await member.context.close();
});

test('a pin by an author the viewer blocked reads as their messages do, collapsed', async ({
  page,
  browser,
  user: _user,
}) => {
  const member = await secondUser(browser);
  const room = await createGroupViaApi(page.request, 'Blocked pins', [member.username]);
  const stamp = Date.now();
  const target = await postViaApi(member.page.request, room, `Secret notes ${stamp}`);
  const pinned = await page.request.post(`/api/messages/${target}/pin/`, {
    headers: await csrfHeader(page.request),
  });
  expect(pinned.status()).toBe(201);
  const blocked = await page.request.post(`/api/users/${member.username}/block/`, {
    headers: await csrfHeader(page.request),
  });
  expect(blocked.ok()).toBe(true);

  await openChat(page, room, OPEN);
  await pinnedButton(page).click();
  const pin = page.getByRole('dialog', { name: p.title }).getByTestId('pinned-message');
  await expect(pin).toContainText(BLOCKS_TEXTS.blockedMessage);
  await expect(pin).not.toContainText(`Secret notes ${stamp}`);
  await member.context.close();
});

test('Copy link copies an absolute link that opens the room at the message, in another page', async ({
  page,
  context,
  user: _user,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const room = await roomByPath(page.request, 'humanities.history');
  const stamp = Date.now();
  const id = await postViaApi(page.request, room.id, `Link to me ${stamp}`);
  await openChat(page, room.id, OPEN);

  const message = messageWith(page, `Link to me ${stamp}`);
  await (await openMoreMenu(page, message)).getByRole('menuitem', { name: a.copyLink }).click();
  await expect(page.getByText(a.linkCopied)).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(`${new URL(page.url()).origin}/#/chat/${room.id}?message=${id}`);

  // Newer messages push it off the latest page: the link must open it in its context.
  await sendMessagesViaApi(page.request, room.id, 55, `after link ${stamp}`);
  const second = await context.newPage();
  await second.bringToFront();
  await second.goto(link);
  const opened = second.locator(`#message-${id}`);
  await expect(opened).toBeVisible({ timeout: OPEN });
  await expect(opened).toBeInViewport();
  await second.close();
});

test('consecutive messages of one author show under one header, each still named by its author', async ({
  page,
  browser,
  user,
}) => {
  const other = await secondUser(browser);
  const room = await openDmViaApi(page.request, other.username);
  const stamp = Date.now();
  const first = await postViaApi(page.request, room, `first ${stamp}`);
  const second = await postViaApi(page.request, room, `second ${stamp}`);
  const third = await postViaApi(page.request, room, `third ${stamp}`);
  const theirs = await postViaApi(other.page.request, room, `theirs ${stamp}`);
  const reply = await postViaApi(page.request, room, `reply ${stamp}`, { reply_to: theirs });
  const after = await postViaApi(page.request, room, `after reply ${stamp}`);
  await openChat(page, room, OPEN);

  const article = (id: number) => page.locator(`#message-${id}`);
  const authorLink = (id: number) => article(id).getByRole('link', { name: user.username, exact: true });
  await expect(article(first)).not.toHaveAttribute('data-grouped', 'true');
  await expect(authorLink(first)).toBeVisible();
  for (const id of [second, third, after]) {
    await expect(article(id)).toHaveAttribute('data-grouped', 'true');
    await expect(authorLink(id)).toHaveCount(0);
    await expect(article(id)).toHaveAccessibleName(new RegExp(`^${user.username} at `));
  }
  // Another author, and a reply, start their own header.
  for (const id of [theirs, reply]) await expect(article(id)).not.toHaveAttribute('data-grouped', 'true');
  await expect(authorLink(reply)).toBeVisible();

  // A grouped message shows its time and its toolbar on hover.
  const time = article(second).locator('time');
  await expect(time).toHaveCSS('opacity', '0');
  await article(second).hover();
  await expect(time).toHaveCSS('opacity', '1');
  const toolbar = article(second).getByRole('group', { name: a.toolbar });
  await expect(toolbar).toHaveCSS('opacity', '1');
  for (const name of ['Add reaction', 'Reply', 'Edit', a.more])
    await expect(toolbar.getByRole('button', { name })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '[role="log"]');
  await other.context.close();
});
