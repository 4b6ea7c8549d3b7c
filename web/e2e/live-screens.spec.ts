import type { Page } from '@playwright/test';
import { BLOCKS_TEXTS } from '@studium/protocol';
import { messageWith, postViaApi, secondUser } from './chat-helpers';
import { createGroupViaApi } from './dm-helpers';
import { expect, gotoRoute, test } from './fixtures';

/**
 * Open screens follow what changes elsewhere (another user, another tab of the same user), and a
 * tab whose connection was lost for a while is current again once it is back
 * (docs/notifications.md, "Lists in the app").
 */

async function waitLive(page: Page) {
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled({ timeout: 10_000 });
  await expect(page.getByText(/Connecting…|Reconnecting…/)).toHaveCount(0, { timeout: 10_000 });
}

test('a block made in another tab collapses the blocked person’s messages in the chat open here', async ({
  page,
  user,
  browser,
  baseURL,
}) => {
  const alice = await secondUser(browser, baseURL);
  const group = await createGroupViaApi(alice.page.request, `Revision ${Date.now().toString(36)}`, [
    user.username,
  ]);
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
