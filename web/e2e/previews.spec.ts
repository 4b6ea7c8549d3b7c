import { expect, gotoRoute, loggedInApi, test } from './fixtures';
import { postViaApi, roomByPath } from './chat-helpers';
import { conversationRow, openDmViaApi } from './dm-helpers';

const uniqueWord = (prefix: string) =>
  `${prefix}${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}`;

test('previews show a message as plain text, its markdown marks dropped', async ({ page, user, baseURL }) => {
  test.slow();
  const word = uniqueWord('mill');
  const source = `**Read** the [${word} notes](https://example.org/n) and \`run it\``;
  const plain = `Read the ${word} notes and run it`;

  // A DM from someone else: its row on /dms and its notification.
  const other = await loggedInApi(baseURL!, 'pv');
  const dm = await openDmViaApi(other.api, user.username);
  await postViaApi(other.api, dm, source);
  await gotoRoute(page, '/dms');
  const row = conversationRow(page, other.username);
  await expect(row).toContainText(plain);
  await expect(row).not.toContainText('**');
  await gotoRoute(page, '/notifications');
  await expect(page.getByText(plain)).toBeVisible();
  await expect(page.getByText('**Read**')).toHaveCount(0);

  // A search hit: plain, with the match still marked.
  const room = await roomByPath(page.request, 'humanities.philosophy');
  await postViaApi(page.request, room.id, source);
  await gotoRoute(page, `/search?q=${word}`);
  const hit = page
    .getByTestId('search-hit')
    .filter({ hasText: plain })
    .filter({ hasText: `#${room.name}` });
  await expect(hit).toHaveCount(1);
  await expect(hit.locator('mark')).toHaveText(word);
  await expect(hit).not.toContainText('](');
  await other.api.dispose();
});
