import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, registerViaApi, test, uniqueUsername } from './fixtures';
import { createGroupViaApi, sendMessagesViaApi } from './dm-helpers';
import { editViaApi, openChat, postViaApi, secondUser } from './chat-helpers';

test('the author deletes a message after confirming; both browsers show the tombstone live', async ({
  page,
  browser,
  user,
}) => {
  test.slow();
  void user;
  const other = await secondUser(browser);
  const room = await createGroupViaApi(page.request, 'Deleting', [other.username]);
  const id = await postViaApi(page.request, room, 'a regrettable sentence');
  await postViaApi(other.page.request, room, 'quoting it', { reply_to: id });
  await openChat(page, room);
  await openChat(other.page, room);

  const mine = page.locator(`#message-${id}`);
  await expect(mine).toContainText('a regrettable sentence');
  await expect(mine.getByTestId('reply-count')).toHaveText('1 reply');
  // The other member may not delete someone else's message in a group.
  await expect(other.page.locator(`#message-${id}`).getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // Cancel keeps the message.
  await mine.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete message?' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(mine).toContainText('a regrettable sentence');

  await mine.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toHaveCount(0);
  for (const p of [page, other.page]) {
    const tombstone = p.locator(`#message-${id}`);
    await expect(tombstone).toHaveAttribute('data-deleted', 'true');
    await expect(tombstone).toContainText('Message deleted');
    await expect(tombstone).not.toContainText('a regrettable sentence');
    await expect(tombstone.getByRole('button', { name: /Reply|Delete|thumbs up/ })).toHaveCount(0);
    await expect(
      p
        .getByRole('article')
        .filter({ hasText: 'quoting it' })
        .getByRole('button', { name: 'Deleted message' }),
    ).toBeVisible();
  }
  expect(other.errors).toEqual([]);
  await other.context.close();
});

test("clicking a reply's quote opens the original far back in history, highlighted, then back to the latest", async ({
  page,
  user,
}) => {
  test.slow();
  void user;
  const room = await createGroupViaApi(page.request, 'Long history', [await peerName(page)]);
  const original = await postViaApi(page.request, room, 'the question from long ago');
  await sendMessagesViaApi(page.request, room, 110, 'filler');
  const reply = await postViaApi(page.request, room, 'answering the old question', { reply_to: original });

  await openChat(page, room);
  await expect(page.locator(`#message-${reply}`)).toBeVisible();
  // The first page does not reach back that far.
  await expect(page.locator(`#message-${original}`)).toHaveCount(0);

  await page.locator(`#message-${reply}`).getByRole('button', { name: 'Original message' }).click();
  const target = page.locator(`#message-${original}`);
  await expect(target).toBeVisible({ timeout: 10_000 });
  await expect(target).toHaveAttribute('data-highlighted', 'true');
  await expect(target).toBeInViewport();
  await expect(target.getByTestId('reply-count')).toHaveText('1 reply');
  await expect(page.locator(`#message-${reply}`)).toHaveCount(0);

  // Scrolling down pages the newer messages in, up to the latest: live again at the bottom.
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(async () => {
    await log.hover();
    await page.mouse.wheel(0, 4000);
    await expect(page.locator(`#message-${reply}`)).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('live again');
  await box.press('Enter');
  await expect(page.getByRole('article').filter({ hasText: 'live again' })).toBeVisible();

  // The same message by its link (as notifications and search hits open it); 'Latest messages'
  // goes straight back.
  await page.goto(`/#/chat/${room}?message=${original}`);
  await page.reload();
  await expect(page.locator(`#message-${original}`)).toHaveAttribute('data-highlighted', 'true', {
    timeout: 10_000,
  });
  await page.getByRole('button', { name: 'Latest messages' }).click();
  await expect(page.getByRole('article').filter({ hasText: 'live again' })).toBeVisible({ timeout: 10_000 });
});

test('the edited label opens the edit history, newest first and the original last', async ({
  page,
  user,
}) => {
  void user;
  const room = await createGroupViaApi(page.request, 'Edits', [await peerName(page)]);
  const id = await postViaApi(page.request, room, 'first draft');
  for (const content of ['second draft', 'final text']) await editViaApi(page.request, id, content);
  await openChat(page, room);
  await page.locator(`#message-${id}`).getByRole('button', { name: '(edited)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit history' });
  await expect(dialog).toBeVisible();
  const versions = dialog.getByTestId('message-version');
  await expect(versions).toHaveCount(3);
  await expect(versions.nth(0)).toContainText('final text');
  await expect(versions.nth(1)).toContainText('second draft');
  await expect(versions.nth(2)).toContainText('first draft');
  await expect(versions.nth(2)).toContainText('Original');
  await expect(versions.nth(0)).not.toContainText('Original');
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
});

/** Another account to share a group with (registering does not change who the page is). */
async function peerName(page: Page): Promise<string> {
  const name = uniqueUsername('peer');
  await registerViaApi(page.request, name);
  return name;
}
