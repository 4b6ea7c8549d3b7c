import type { Browser, Page } from '@playwright/test';
import { ASSISTANT_BOTS, CHAT_TEXTS } from '@studium/protocol';
import { expectStored, messageWith, postViaApi } from './chat-helpers';
import { createGroupViaApi } from './dm-helpers';
import { csrfHeader, expect, expectNoSeriousA11yViolations, loggedInApi, test } from './fixtures';

/** A group room of the page's user and one other member, with an id the test owns. */
async function ownRoom(page: Page, baseURL: string | undefined, name: string) {
  const other = await loggedInApi(baseURL!, 'c');
  const room = await createGroupViaApi(page.request, `${name} ${Date.now()}`, [other.username]);
  await other.api.dispose();
  return room;
}

const textbox = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/** Opens the room and waits for its live connection (a busy two-core machine needs the time). */
async function openChat(page: Page, room: number) {
  await page.goto(`/#/chat/${room}`);
  await expect(textbox(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Connecting…|Reconnecting…/)).toHaveCount(0, { timeout: 15_000 });
}

test.describe.configure({ timeout: 120_000 });

/** The page's user on a touch-first phone (coarse pointer), in a context of its own. */
async function onPhone(browser: Browser, page: Page) {
  const context = await browser.newContext({
    storageState: await page.request.storageState(),
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const phone = await context.newPage();
  return { context, phone };
}

test('the emoji button inserts the picked emoji at the caret, by keyboard, and gives the focus back', async ({
  page,
  baseURL,
  user: _user,
}) => {
  const room = await ownRoom(page, baseURL, 'Emoji button');
  await openChat(page, room);
  const box = textbox(page);
  await box.fill('Hello world');
  await box.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(5, 5));

  const button = page.getByRole('button', { name: CHAT_TEXTS.composer.insertEmoji });
  await button.focus();
  await page.keyboard.press('Enter');
  const search = page.getByRole('searchbox', { name: 'Search emoji' });
  // The picker and its data load on the first press.
  await expect(search).toBeFocused({ timeout: 20_000 });
  await search.fill('unicorn');
  await expect(page.getByRole('gridcell', { name: 'Unicorn' })).toBeVisible({ timeout: 10_000 });
  // The new button, the composer around the open picker, and the picker's grid (ARIA counts its
  // rows and columns from 1).
  await expectNoSeriousA11yViolations(page, '[data-testid="composer"]');
  await expectNoSeriousA11yViolations(page, '[data-testid="emoji-picker"]');
  await expect(page.getByRole('row').first()).toHaveAttribute('aria-rowindex', '1');
  await search.press('Enter');

  await expect(search).toHaveCount(0);
  await expect(box).toHaveValue('Hello🦄 world');
  await expect(box).toBeFocused();
  // The caret is after the emoji: typing goes on from there.
  await page.keyboard.type('!');
  await expect(box).toHaveValue('Hello🦄! world');

  // Escape closes the picker without a pick, and the textbox has the focus again.
  await button.click();
  await expect(search).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(search).toHaveCount(0);
  await expect(box).toBeFocused();
  await expectNoSeriousA11yViolations(page, '[data-testid="composer"]');
});

test('shortcodes: `:ta` suggests emoji by keyboard, a completed :code: becomes the emoji, and API texts render', async ({
  page,
  baseURL,
  user: _user,
}) => {
  const room = await ownRoom(page, baseURL, 'Shortcodes');
  await openChat(page, room);
  const box = textbox(page);
  await box.pressSequentially('Party :ta');
  const list = page.getByRole('listbox', { name: CHAT_TEXTS.composer.emojiSuggestions });
  await expect(list).toBeVisible();
  await expect(list.getByRole('option', { name: /:tada:/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '[data-testid="composer"]');
  // The arrows move the choice; the textbox keeps the focus and names the active option.
  const options = list.getByRole('option');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await box.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!);
  await box.press('ArrowUp');
  const tadaIndex = (await options.allTextContents()).findIndex((t) => t.includes(':tada:'));
  for (let i = 0; i < tadaIndex; i += 1) await box.press('ArrowDown');
  await box.press('Enter');
  await expect(list).toHaveCount(0);
  await expect(box).toHaveValue('Party 🎉');

  // Typed to the end, a known code turns into its emoji at once; the others stay.
  await box.pressSequentially(' :+1: :thumbsup: :not_an_emoji: 10:30');
  await expect(box).toHaveValue('Party 🎉 👍 👍 :not_an_emoji: 10:30');
  // Escape closes the list and leaves the typed text.
  await box.fill('');
  await box.pressSequentially('see :smi');
  await expect(list).toBeVisible();
  await box.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(box).toHaveValue('see :smi');
  await box.fill('Party 🎉 👍');
  await box.press('Enter');
  await expect(messageWith(page, 'Party 🎉 👍')).toBeVisible();

  // A message sent through the API with shortcodes as text shows the emoji too.
  await postViaApi(page.request, room, 'From the API :tada: :thumbsup: :+1: :rocket:');
  const fromApi = messageWith(page, 'From the API');
  await expect(fromApi.locator('.emoji[data-emoji="tada"]')).toHaveText('🎉');
  await expect(fromApi.locator('.emoji[data-emoji="thumbsup"]')).toHaveText('👍');
  await expect(fromApi.locator('.emoji[data-emoji="+1"]')).toHaveText('👍');
  await expect(fromApi.locator('.emoji[data-emoji="rocket"]')).toHaveText('🚀');
});

test('$…$ is math and prices stay text; the composer says math and formatting work', async ({
  page,
  baseURL,
  user: _user,
}) => {
  const room = await ownRoom(page, baseURL, 'Dollars');
  await openChat(page, room);
  await expect(page.getByTestId('formatting-hint')).toHaveText(CHAT_TEXTS.composer.formattingHint);
  await expectNoSeriousA11yViolations(page, '[data-testid="composer"]');

  await textbox(page).fill('Prices: it costs $5 and $10');
  await textbox(page).press('Enter');
  const prices = messageWith(page, 'Prices: it costs $5 and $10');
  await expect(prices).toBeVisible();
  await textbox(page).fill('Square: $x^2$ and $\\frac{a}{b}$');
  await textbox(page).press('Enter');
  const square = messageWith(page, 'Square:');
  await expect(square.locator('.katex')).toHaveCount(2);
  await expect(square.getByRole('math')).toHaveCount(2);
  await expect(prices.locator('.katex')).toHaveCount(0);
});

test('@studybot is offered where the room allows the bot, and only there', async ({
  page,
  baseURL,
  user,
}) => {
  const room = await ownRoom(page, baseURL, 'Bot mentions');
  await openChat(page, room);
  const box = textbox(page);
  const list = page.getByRole('listbox', { name: CHAT_TEXTS.composer.mentionSuggestions });
  await box.pressSequentially('@stu');
  // No bot here: the list stays closed (the search finds no such user).
  await expect(page.getByRole('option', { name: `@${ASSISTANT_BOTS.room}` })).toHaveCount(0);
  await box.fill('');

  const allow = await page.request.post(`/api/rooms/${room}/bot-allowed/`, {
    data: { is_bot_allowed: true },
    headers: await csrfHeader(page.request),
  });
  expect(allow.ok(), await allow.text()).toBe(true);
  await expect(page.getByText('Bot allowed')).toBeVisible();
  await box.pressSequentially('@stu');
  await expect(list.getByRole('option', { name: `@${ASSISTANT_BOTS.room}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '[data-testid="composer"]');
  await box.press('Enter');
  await expect(box).toHaveValue(`@${ASSISTANT_BOTS.room} `);
  await box.pressSequentially('what can you do');
  await box.press('Enter');
  // A handle shows as a mention link only when the server stored it among the message's mentions.
  const asked = page
    .getByRole('log', { name: 'Messages' })
    .getByRole('article', { name: new RegExp(`^${user.username} at`) })
    .filter({ hasText: 'what can you do' });
  await expect(asked.getByRole('link', { name: `@${ASSISTANT_BOTS.room}` })).toBeVisible({ timeout: 15_000 });
  // The bot answers, as it does to any mention of it in such a room.
  await expect(
    page
      .getByRole('log', { name: 'Messages' })
      .getByRole('article', { name: new RegExp(`^${ASSISTANT_BOTS.room} at`) }),
  ).not.toHaveCount(0, { timeout: 30_000 });
});

test('desktop: Enter sends, Shift+Enter is a new line; editing says what Enter does and Enter saves', async ({
  page,
  baseURL,
  user: _user,
}) => {
  const room = await ownRoom(page, baseURL, 'Desktop keys');
  await openChat(page, room);
  const box = textbox(page);
  await box.pressSequentially('first line');
  await box.press('Shift+Enter');
  await box.pressSequentially('second line');
  await expect(box).toHaveValue('first line\nsecond line');
  await box.press('Enter');
  await expect(messageWith(page, 'second line')).toBeVisible();
  await expect(box).toHaveValue('');
  // ↑ edits the last stored message: wait until the server has it (no longer pending).
  await expectStored(page, 'second line');

  await box.press('ArrowUp');
  const edit = page.getByRole('textbox', { name: 'Edit message' });
  await expect(edit).toBeFocused();
  await expect(page.getByTestId('edit-hint')).toHaveText(CHAT_TEXTS.composer.editHint(true));
  await expect(page.getByTestId('edit-hint')).not.toContainText('Ctrl+Enter');
  await expectNoSeriousA11yViolations(page, '[data-testid="composer"]');
  await edit.fill('edited by Enter');
  await edit.press('Enter');
  await expect(messageWith(page, 'edited by Enter')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Edit message' })).toHaveCount(0);
});

test('phone: Enter makes a new line and the Send button sends; editing saves by its button', async ({
  page,
  browser,
  baseURL,
  user: _user,
}) => {
  const room = await ownRoom(page, baseURL, 'Phone keys');
  const { context, phone } = await onPhone(browser, page);
  expect(await phone.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
  await openChat(phone, room);
  const box = textbox(phone);
  await box.pressSequentially('one');
  await box.press('Enter');
  await box.pressSequentially('two');
  await expect(box).toHaveValue('one\ntwo');
  await expect(box).toHaveAttribute('enterkeyhint', 'enter');
  await expect(messageWith(phone, 'one')).toHaveCount(0);
  await phone.getByRole('button', { name: 'Send' }).tap();
  await expect(messageWith(phone, /one\s*two/)).toBeVisible();
  await expect(box).toHaveValue('');
  await expectStored(phone, /one\s*two/);

  await box.press('ArrowUp');
  const edit = phone.getByRole('textbox', { name: 'Edit message' });
  await expect(phone.getByTestId('edit-hint')).toHaveText(CHAT_TEXTS.composer.editHint(false));
  await edit.press('Control+End');
  await edit.press('Enter');
  await edit.pressSequentially('three');
  await expect(edit).toHaveValue('one\ntwo\nthree');
  await expectNoSeriousA11yViolations(phone, '[data-testid="composer"]');
  await phone.getByRole('button', { name: 'Save' }).tap();
  await expect(messageWith(phone, /three/)).toBeVisible();
  await expect(phone.getByRole('textbox', { name: 'Edit message' })).toHaveCount(0);
  await context.close();
});
