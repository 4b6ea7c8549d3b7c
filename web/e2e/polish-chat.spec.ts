import type { Page } from '@playwright/test';
import { LIMITS } from '@studium/protocol';
import {
  csrfHeader,
  expect as baseExpect,
  gotoRoute,
  registerViaApi,
  routeOf,
  test,
  uniqueUsername,
} from './fixtures';
import { messageWith, postViaApi, secondUser, send } from './chat-helpers';
import { createGroupViaApi } from './dm-helpers';

// A shared machine can be slow to first paint: each check waits up to 20 s.
const expect = baseExpect.configure({ timeout: 20_000 });

/** Opens a room and waits for its live connection (the first load of a fresh browser can be slow here). */
async function openChat(page: Page, roomId: number) {
  await page.goto(`/#/chat/${roomId}`);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled({ timeout: 45_000 });
  await expect(page.getByText(/Connecting…|Reconnecting…/)).toHaveCount(0, { timeout: 20_000 });
}

const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Sends a code block and clicks it: the copy answers with a toast either way. */
async function showCodeToast(page: Page) {
  await send(page, '```\ncopy me\n```');
  await messageWith(page, 'copy me').last().locator('pre[data-code]').click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: /code/i }).last();
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  return toast;
}

test.describe('polish: chat', () => {
  // Real browsers, several users each, on a shared machine: room to breathe.
  test.describe.configure({ timeout: 90_000 });

  test('a typed @name of a member is a mention the member is told of; an unknown @name stays plain text', async ({
    page,
    browser,
    user,
  }) => {
    const other = await secondUser(browser);
    const room = await createGroupViaApi(page.request, 'Typed mentions', [other.username]);
    await openChat(page, room);
    // Typed in full, never picked from the suggestions.
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill(`@${other.username} hi, and @nobody_here_at_all too.`);
    await expect(page.getByRole('listbox', { name: 'Mention suggestions' })).toHaveCount(0);
    await box.press('Enter');
    const sent = messageWith(page, 'nobody_here_at_all');
    await expect(sent.getByRole('link', { name: `@${other.username}` })).toBeVisible();
    await expect(sent.getByRole('link', { name: '@nobody_here_at_all' })).toHaveCount(0);
    const notifications = (await (await other.page.request.get('/api/notifications/')).json()) as {
      notifications: Array<{ kind: string; actor: string }>;
    };
    expect(notifications.notifications).toContainEqual(
      expect.objectContaining({ kind: 'mention', actor: user.username }),
    );
    await other.context.close();
  });

  test("a deleted account's message is a 'Message deleted' tombstone without Reply or reactions", async ({
    page,
    browser,
    user,
  }) => {
    void user;
    const other = await secondUser(browser);
    const room = await createGroupViaApi(page.request, 'Tombstones', [other.username]);
    const id = await postViaApi(other.page.request, room, 'soon gone');
    const deleted = await other.page.request.post(`/api/profile/delete/${other.username}/`, {
      headers: await csrfHeader(other.page.request),
    });
    expect(deleted.ok(), await deleted.text()).toBe(true);
    await other.context.close();
    await openChat(page, room);
    const tombstone = page.locator(`#message-${id}`);
    await expect(tombstone).toContainText('Message deleted');
    await expect(tombstone.getByRole('button')).toHaveCount(0);
    await expect(tombstone.getByRole('link')).toHaveCount(0);
  });

  test('Send is disabled for blank text, and a counter shows from 900 characters', async ({ page, user }) => {
    void user;
    const room = await createGroupViaApi(page.request, 'Composer', [await helperName(page)]);
    await openChat(page, room);
    const box = page.getByRole('textbox', { name: 'Message' });
    const sendButton = page.getByRole('button', { name: 'Send' });
    await expect(sendButton).toBeDisabled();
    await box.fill('   \n   ');
    await expect(sendButton).toBeDisabled();
    await box.fill('x'.repeat(LIMITS.composerCounterFrom - 1));
    await expect(page.getByTestId('char-counter')).toHaveText('');
    await box.fill('x'.repeat(LIMITS.composerCounterFrom));
    await expect(page.getByTestId('char-counter')).toHaveText(`900/${LIMITS.messageMax}`);
    await expect(sendButton).toBeEnabled();
  });

  test('reply previews and quotes show plain text, not markdown', async ({ page, browser, user }) => {
    void user;
    const other = await secondUser(browser);
    const room = await createGroupViaApi(page.request, 'Plain quotes', [other.username]);
    await postViaApi(other.page.request, room, '**bold** and `code`\n```\nfenced\n```');
    await other.context.close();
    await openChat(page, room);
    await messageWith(page, 'fenced').first().click({ button: 'right' });
    const preview = page.getByTestId('reply-preview');
    await expect(preview).toContainText('bold and code fenced');
    await expect(preview).not.toContainText('**');
    await expect(preview).not.toContainText('`');
    await send(page, 'my answer');
    const quote = messageWith(page, 'my answer').getByRole('button', { name: /bold and code fenced/ });
    await expect(quote).toBeVisible();
    await expect(quote).not.toContainText('**');
  });

  test('mention suggestions never cover the reply bar; toasts never cover Send, on desktop and phone', async ({
    page,
    browser,
    user,
  }) => {
    void user;
    const other = await secondUser(browser);
    const room = await createGroupViaApi(page.request, 'Overlays', [other.username]);
    await postViaApi(other.page.request, room, 'reply to me');
    await other.context.close();
    await openChat(page, room);
    await messageWith(page, 'reply to me').first().click({ button: 'right' });
    await page.getByRole('textbox', { name: 'Message' }).fill(`@${other.username.slice(0, 6)}`);
    const list = page.getByRole('listbox', { name: 'Mention suggestions' });
    await expect(list).toBeVisible();
    const bar = (await page.getByTestId('reply-preview').boundingBox())!;
    expect(overlaps((await list.boundingBox())!, bar)).toBe(false);
    await page.getByRole('textbox', { name: 'Message' }).press('Escape');
    await page.getByRole('textbox', { name: 'Message' }).press('Escape');

    for (const size of [null, { width: 390, height: 844 }]) {
      if (size) await page.setViewportSize(size);
      const toast = await showCodeToast(page);
      const sendBox = (await page.getByRole('button', { name: 'Send' }).boundingBox())!;
      // Once the toast has slid in.
      await expect.poll(async () => overlaps((await toast.boundingBox())!, sendBox)).toBe(false);
      await page.waitForFunction(() => document.querySelectorAll('[data-sonner-toast]').length === 0, null, {
        timeout: 20_000,
      });
    }
  });

  test("the owner finds the bot switch in the room actions, in words: 'Only members can write'", async ({
    page,
    user,
  }) => {
    void user;
    const room = await createGroupViaApi(page.request, 'Bot switch', [await helperName(page)]);
    await openChat(page, room);
    await page.getByRole('button', { name: 'Room actions' }).click();
    await page.getByRole('menuitem', { name: 'Allow bots…' }).click();
    const dialog = page.getByRole('dialog', { name: /^Room details/ });
    await expect(dialog.getByRole('switch')).toBeVisible();
    await expect(dialog.getByRole('definition').filter({ hasText: /^Group conversation$/ })).toBeVisible();
    await expect(dialog.getByText('Only members can write')).toBeVisible();
    await expect(dialog.getByText(/group:/)).toHaveCount(0);
  });

  test('a group or direct room has a way back to /dms in its header', async ({ page, user }) => {
    void user;
    const room = await createGroupViaApi(page.request, 'Way back', [await helperName(page)]);
    await openChat(page, room);
    await page.getByRole('link', { name: 'Back to conversations' }).click();
    await expect.poll(() => routeOf(page)).toBe('/dms');
  });

  test('room cards name their level in words, never as a number', async ({ page, user }) => {
    void user;
    await gotoRoute(page, '/home');
    const level = page.getByTestId('room-level').first();
    await expect(level).toHaveText(/^(Faculty|Programme|Course|Room)$/, { timeout: 45_000 });
    const text = (await level.textContent())!;
    await expect(level).toHaveAttribute('title', text);
    await expect(level).not.toHaveClass(/bg-danger/);
  });
});

/** A second registered user's name (no browser of their own): a group needs another member. */
async function helperName(page: Page): Promise<string> {
  const name = uniqueUsername('peer');
  await registerViaApi(page.request, name);
  return name;
}
