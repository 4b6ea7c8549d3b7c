import { expect, expectNoSeriousA11yViolations, gotoRoute, loggedInApi, test } from './fixtures';
import { messageWith, openChat, postViaApi, roomByPath } from './chat-helpers';

/** A word no other test uses (letters only). */
const uniqueWord = (prefix: string) =>
  `${prefix}${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}`;

test('a filtered search marks the matches, and a hit opens its room at that message', async ({
  page,
  user,
}) => {
  test.slow();
  const room = await roomByPath(page.request, 'humanities.philosophy');
  const word = uniqueWord('kant');
  const text = `Is the ${word} imperative categorical?`;
  const id = await postViaApi(page.request, room.id, text);

  await gotoRoute(page, '/home');
  await page.getByRole('link', { name: 'Search messages' }).click();
  const box = page.getByRole('searchbox', { name: 'Search messages' });
  await expect(box).toBeFocused();
  await expect(page.getByText('from:username')).toBeVisible();
  await box.fill(`${word} from:${user.username}`);
  await box.press('Enter');

  const hit = page.getByTestId('search-hit').filter({ hasText: text });
  await expect(hit).toHaveCount(1);
  await expect(hit.locator('mark')).toHaveText(word);
  await expect(hit).toContainText(`#${room.name}`);
  await expect(hit).toContainText(user.username);
  await expectNoSeriousA11yViolations(page, 'main');
  await hit.click();

  await expect(page).toHaveURL(new RegExp(`#/chat/${room.path.replace('.', '\\.')}\\?message=${id}$`));
  await expect(messageWith(page, text)).toBeVisible({ timeout: 10_000 });
  // The room opened at the hit, highlighted.
  await expect(messageWith(page, text)).toHaveAttribute('data-highlighted', 'true');

  // No match: the empty state.
  await gotoRoute(page, `/search?q=${uniqueWord('nothing')}`);
  await expect(page.getByText('No messages match your search.')).toBeVisible();
});

test('Ctrl+K opens search from anywhere, and a bad query shows its error', async ({
  page,
  user,
  allowConsoleError,
}) => {
  expect(user.username).toBeTruthy();
  allowConsoleError(/\/api\/search\/.*400|status of 400/);
  await gotoRoute(page, '/home');
  await page.keyboard.press('Control+k');
  await expect(page).toHaveURL(/#\/search$/);
  const box = page.getByRole('searchbox', { name: 'Search messages' });
  await expect(box).toBeFocused();
  await box.fill('x*');
  await box.press('Enter');
  await expect(page.getByText('Put at least 2 letters before a *.')).toBeVisible();
});

test("'Already answered?' offers an earlier question of the room while typing a similar one", async ({
  page,
  user,
  baseURL,
}) => {
  expect(user.username).toBeTruthy();
  test.slow();
  const room = await roomByPath(page.request, 'humanities.philosophy');
  const topic = uniqueWord('hume');
  const earlier = `How do I explain the ${topic} problem of induction?`;
  // Someone else asked before: the asker's own messages are never offered.
  const other = await loggedInApi(baseURL!, 'aa');
  const id = await postViaApi(other.api, room.id, earlier);

  await openChat(page, room.id);
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill(`can someone explain the ${topic} induction problem?`);
  const offer = page.getByRole('complementary', { name: 'Already answered?' });
  await expect(offer).toBeVisible({ timeout: 10_000 });
  // Other runs' questions in this room may be offered too (a repeated run asks the same one).
  await expect(offer.getByTestId('search-hit').filter({ hasText: topic })).toHaveCount(1);
  await expect(offer.locator('mark').first()).toBeVisible();

  // Dismissed, it stays away for this draft.
  await offer.getByRole('button', { name: 'Dismiss' }).click();
  await expect(offer).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Message' }).fill('');
  await page.getByRole('textbox', { name: 'Message' }).fill(`how to explain ${topic} induction?`);
  await expect(offer).toBeVisible({ timeout: 10_000 });
  await offer.getByTestId('search-hit').filter({ hasText: topic }).click();
  await expect(page).toHaveURL(new RegExp(`\\?message=${id}$`));
  await expect(messageWith(page, earlier)).toBeVisible();
  await other.api.dispose();
});

test('in: finds a course room by its name, as the help example says', async ({ page, user }) => {
  void user;
  const room = await roomByPath(page.request, 'science.mathematics.math-110');
  const word = uniqueWord('eigen');
  const text = `Who has notes on ${word} decompositions?`;
  await postViaApi(page.request, room.id, text);

  for (const filter of ['in:"Linear Algebra"', 'in:linear']) {
    await gotoRoute(page, '/search');
    const box = page.getByRole('searchbox', { name: 'Search messages' });
    await box.fill(`${word} ${filter}`);
    await box.press('Enter');
    const hit = page.getByTestId('search-hit').filter({ hasText: text });
    await expect(hit).toHaveCount(1);
    await expect(hit).toContainText(`#${room.name}`);
  }
});

// Others' messages arriving right after a jump, while the room is short enough to sit at its end,
// were re-aligned to the end as they were measured and pulled the reader away (docs/chat.md,
// "Jumping to a message"); the other tests of this file write into the same room meanwhile.
test('after a jump, others writing do not pull the reader away from the message', async ({
  page,
  user: _user,
  baseURL,
}) => {
  const room = await roomByPath(page.request, 'humanities.philosophy');
  const text = `Is the ${uniqueWord('kant')} imperative categorical?`;
  const word = text.split(' ')[2]!;
  await postViaApi(page.request, room.id, text);
  // As a reader gets there: a search hit opens the room at the message.
  await gotoRoute(page, `/search?q=${word}`);
  await page.getByTestId('search-hit').filter({ hasText: text }).click();
  await expect(messageWith(page, text)).toHaveAttribute('data-highlighted', 'true');
  const other = await loggedInApi(baseURL!);
  const scroller = page.locator('[data-virtuoso-scroller]');
  const height = () => scroller.evaluate((el) => el.scrollHeight);
  const before = await height();
  for (let i = 0; i < 6; i++)
    await postViaApi(other.api, room.id, `${uniqueWord('later')} ${'and so on '.repeat(90)}`);
  // Once they are in the list (out of view, each counts at the list's estimated height).
  await expect.poll(height).toBeGreaterThan(before + 300);
  await expect(messageWith(page, text)).toBeInViewport();
  await other.api.dispose();
});
