import { request } from '@playwright/test';
import { DM_PAGE_TEXTS as t } from '@studium/protocol';
import {
  expect as baseExpect,
  gotoRoute,
  loginViaApi,
  registerViaApi,
  test,
  uniqueUsername,
} from './fixtures';
import { conversationRow, createGroupViaApi } from './dm-helpers';

// A shared machine can be slow to first paint: each check waits up to 20 s.
const expect = baseExpect.configure({ timeout: 20_000 });

test.describe('polish: conversations', () => {
  // Real browsers, several users each, on a shared machine: room to breathe.
  test.describe.configure({ timeout: 90_000 });

  test('a new group row says how to start, not that there are unread mentions', async ({
    page,
    user,
    baseURL,
  }) => {
    // Someone else adds the user to a new group: an unread notification, and no message yet.
    const api = await request.newContext({ baseURL });
    const ownerName = uniqueUsername('own');
    await registerViaApi(api, ownerName);
    await loginViaApi(api, ownerName);
    await createGroupViaApi(api, 'Fresh group', [user.username]);
    await api.dispose();

    await gotoRoute(page, '/dms');
    const row = conversationRow(page, 'Fresh group');
    await expect(row).toContainText(t.noMessagesGroup);
    await expect(row).not.toContainText(t.unreadMentions);
    // Being added is news for the bell, not a mention: the row has no mention badge.
    await expect(row.getByTestId('mention-badge')).toHaveCount(0);
  });

  test("the search finds a group by a member's username, and counts 'Found 1 result'", async ({
    page,
    user,
  }) => {
    void user;
    const maya = uniqueUsername('maya');
    await registerViaApi(page.request, maya);
    await createGroupViaApi(page.request, 'Study buddies', [maya]);
    await gotoRoute(page, '/dms');
    await page.getByRole('searchbox', { name: 'Search users and groups' }).fill(maya);
    await expect(page.getByText(t.found(1), { exact: true })).toBeVisible();
    await expect(page.getByText('Found 1 result', { exact: true })).toBeVisible();
    // The match shows at once, in the one list of results.
    await expect(
      page
        .getByRole('list', { name: t.found(1) })
        .getByTestId('conversation-row')
        .filter({ hasText: 'Study buddies' }),
    ).toBeVisible();
  });
});
