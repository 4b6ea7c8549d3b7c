import { expect, test } from './fixtures';
import { messageWith, openChat, postViaApi, secondUser } from './chat-helpers';
import { createGroupViaApi } from './dm-helpers';

test('any emoji from the picker, found by search and picked with the keyboard, shows live for the other user', async ({
  page,
  browser,
  user: _user,
}) => {
  // Two browsers, each opening the room from a cold page, then the picker's own code and data.
  test.slow();
  // A room of their own: in a shared room, other tests' messages can push this one out of the
  // rendered part of the list before the reaction arrives.
  const other = await secondUser(browser);
  const room = await createGroupViaApi(page.request, `Reactions ${Date.now()}`, [other.username]);
  const text = `Pick an emoji for me ${Date.now()}`;
  await postViaApi(page.request, room, text);
  await openChat(page, room);
  await openChat(other.page, room);

  const message = messageWith(other.page, text);
  await message.getByRole('button', { name: 'Add reaction' }).click();
  const search = other.page.getByRole('searchbox', { name: 'Search emoji' });
  await expect(search).toBeFocused();
  await search.fill('unicorn');
  await expect(other.page.getByRole('gridcell', { name: 'Unicorn' })).toBeVisible();
  await search.press('Enter');
  await expect(search).toHaveCount(0);

  // Both see the new reaction, counted.
  await expect(message.getByRole('button', { name: '🦄, 1' })).toBeVisible();
  await expect(messageWith(page, text).getByRole('button', { name: '🦄, 1' })).toBeVisible();
  // Clicking it takes it back, for both.
  await message.getByRole('button', { name: '🦄, 1' }).click();
  await expect(messageWith(page, text).getByRole('button', { name: /🦄/ })).toHaveCount(0);
  expect(other.errors).toEqual([]);
  await other.context.close();
});
