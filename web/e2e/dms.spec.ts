import { DM_PAGE_TEXTS } from '@studium/protocol';
import {
  csrfHeader,
  expect,
  gotoRoute,
  registerViaApi,
  routeOf,
  test,
  uniqueUsername,
  expectNoSeriousA11yViolations,
} from './fixtures';
import { messageWith, postViaApi, secondUser, send } from './chat-helpers';
import {
  conversationRow,
  createGroupViaApi,
  notificationsLink,
  openDmViaApi,
  sectionToggle,
} from './dm-helpers';

const t = DM_PAGE_TEXTS;

test('A messages B from New message; B sees it live, with a mention badge, and opening it clears the badge', async ({
  page,
  browser,
  user,
}) => {
  // Two browsers through a long journey: on a busy two-core machine it can pass 30 s.
  test.slow();
  const b = await secondUser(browser);

  // A brand-new user has nothing yet: the empty state points to matchmaking.
  await gotoRoute(b.page, '/dms');
  await expect(b.page.getByText(t.empty)).toBeVisible();
  await expect(b.page.getByRole('link', { name: t.findPeople })).toHaveAttribute('href', '#/matchmake');
  await expect(b.page.getByTestId('unread-badge')).toHaveCount(0);
  await expectNoSeriousA11yViolations(b.page);

  await gotoRoute(page, '/dms');
  await page.getByRole('button', { name: t.newMessage }).click();
  const dialog = page.getByRole('dialog', { name: t.newMessage });
  const search = dialog.getByRole('searchbox', { name: 'Find a user' });
  await search.fill(b.username.slice(0, 1));
  await expect(dialog.getByText('Type at least 2 characters to search.')).toBeVisible();
  await search.fill(b.username);
  await expect(dialog.getByRole('button', { name: user.username })).toHaveCount(0);
  await dialog.getByRole('button', { name: b.username, exact: true }).click();
  await expect.poll(() => routeOf(page)).toMatch(/^\/chat\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: b.username, exact: true })).toBeVisible();
  await expect(page.getByText(/Connecting…|Reconnecting…/)).toHaveCount(0, { timeout: 10_000 });
  const hello = `Hello B ${Date.now()}`;
  await send(page, hello);
  await expect(messageWith(page, hello)).toBeVisible();

  // B: the badge rises live, the title counts, the list refetches on its own.
  await expect(b.page.getByTestId('unread-badge')).toHaveText('1');
  await expect(notificationsLink(b.page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(b.page).toHaveTitle('(1) Studium');
  const row = conversationRow(b.page, user.username);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('mention-badge')).toHaveText('1');
  await expect(row).toContainText(hello);
  await expect(row).toContainText('Just now');
  await expect(b.page.getByRole('button', { name: t.directSection(1) })).toHaveAttribute(
    'aria-expanded',
    'true',
  );

  await row.click();
  await expect.poll(() => routeOf(b.page)).toMatch(/^\/chat\/\d+$/);
  await expect(messageWith(b.page, hello)).toBeVisible();
  await expect(b.page.getByTestId('unread-badge')).toHaveCount(0);
  await expect(b.page).toHaveTitle('Studium');

  await gotoRoute(b.page, '/dms');
  await expect(conversationRow(b.page, user.username).getByTestId('mention-badge')).toHaveCount(0);
  expect(b.errors).toEqual([]);
  await b.context.close();
});

test('a search shows its matches as one list, the sections come back when it clears; they toggle with aria-expanded; rows fall back', async ({
  page,
  request,
  user: _user,
}) => {
  const stamp = Date.now().toString(36);
  const alpha = uniqueUsername('alpha');
  const beta = uniqueUsername('beta');
  await registerViaApi(request, alpha);
  await registerViaApi(request, beta);
  const groupName = `Algebra crew ${stamp}`;
  const dmAlpha = await openDmViaApi(page.request, alpha);
  await openDmViaApi(page.request, beta);
  await createGroupViaApi(page.request, groupName, [alpha, beta]);
  await postViaApi(page.request, dmAlpha, 'See you at the library');

  await gotoRoute(page, '/dms');
  const direct = sectionToggle(page, 'Direct Messages');
  const group = sectionToggle(page, 'Group Conversations');
  await expect(direct).toHaveAccessibleName(t.directSection(2));
  await expect(group).toHaveAccessibleName(t.groupSection(1));
  await expect(direct).toHaveAttribute('aria-expanded', 'true');
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/^Found \d+ results$/)).toHaveCount(0);

  // Newest first, without activity last; the fallback texts.
  const rows = page.getByRole('list', { name: t.directSection(2) }).getByTestId('conversation-row');
  await expect(rows.nth(0)).toContainText(alpha);
  await expect(rows.nth(0)).toContainText('See you at the library');
  await expect(rows.nth(1)).toContainText(beta);
  await expect(rows.nth(1)).toContainText(t.noActivity);
  await expect(rows.nth(1)).toContainText(t.noMessagesDirect);
  const groupRow = conversationRow(page, `${groupName} · StudyRoom`);
  await expect(groupRow).toContainText(t.noMessagesGroup);

  // A user's toggle.
  await direct.click();
  await expect(direct).toHaveAttribute('aria-expanded', 'false');
  await expect(conversationRow(page, alpha)).toBeHidden();
  await direct.click();
  await expect(conversationRow(page, alpha)).toBeVisible();

  // Searching: the matches show as one list under the count line, in place of the sections.
  const box = page.getByRole('searchbox', { name: 'Search users and groups' });
  await expect(box).toHaveAttribute('placeholder', t.searchPlaceholder);
  // alpha is also a member of the group: the search finds the group by its member too.
  await box.fill(alpha.toUpperCase());
  await expect(page.getByText(t.found(2))).toBeVisible();
  const results = (n: number) => page.getByRole('list', { name: t.found(n) }).getByTestId('conversation-row');
  await expect(results(2)).toHaveCount(2);
  await expect(results(2).filter({ hasText: 'See you at the library' })).toBeVisible();
  await expect(results(2).filter({ hasText: groupName })).toBeVisible();
  await expect(conversationRow(page, beta)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Direct Messages \(/ })).toHaveCount(0);

  await box.fill(`crew ${stamp}`);
  await expect(page.getByText(t.found(1))).toBeVisible();
  await expect(results(1)).toHaveCount(1);
  await expect(groupRow).toBeVisible();

  await box.fill('zzz-nobody');
  await expect(page.getByText(t.found(0))).toBeVisible();
  await expect(page.getByText(t.noMatches('zzz-nobody'))).toBeVisible();

  // The clear button brings both sections back, expanded.
  await page.getByRole('button', { name: 'Clear search', exact: true }).click();
  await expect(box).toHaveValue('');
  await expect(sectionToggle(page, 'Direct Messages')).toHaveAttribute('aria-expanded', 'true');
  await expect(sectionToggle(page, 'Group Conversations')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/^Found \d+ results$/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await groupRow.click();
  await expect.poll(() => routeOf(page)).toMatch(/^\/chat\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
});

test('New group creates a group conversation with several people and opens it', async ({
  page,
  request,
  user,
}) => {
  const one = uniqueUsername('g1');
  const two = uniqueUsername('g2');
  await registerViaApi(request, one);
  await registerViaApi(request, two);
  await gotoRoute(page, '/dms');
  await page.getByRole('button', { name: t.newGroup }).click();
  const dialog = page.getByRole('dialog', { name: t.newGroup });
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText(t.pickUsers)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Group name' }).fill('  Thesis buddies  ');
  const search = dialog.getByRole('searchbox', { name: 'Find a user' });
  await search.fill(one);
  await dialog.getByRole('button', { name: one, exact: true }).click();
  await search.fill(two);
  await dialog.getByRole('button', { name: two, exact: true }).click();
  await search.fill(user.username);
  await expect(dialog.getByText('No users found')).toBeVisible();
  await expect(dialog.getByText('Members (2/20)')).toBeVisible();
  await dialog.getByRole('button', { name: `Remove ${two}` }).click();
  await search.fill(two);
  await dialog.getByRole('button', { name: two, exact: true }).click();
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByText(t.groupCreated)).toBeVisible();
  await expect.poll(() => routeOf(page)).toMatch(/^\/chat\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thesis buddies' })).toBeVisible();
  await gotoRoute(page, '/dms');
  await expect(conversationRow(page, 'Thesis buddies · StudyRoom')).toBeVisible();
  await expect(sectionToggle(page, 'Group Conversations')).toHaveAccessibleName(t.groupSection(1));
});

test("'Failed to load conversations' with Retry, also for an answer that breaks the protocol", async ({
  page,
  user: _user,
  allowConsoleError,
}) => {
  allowConsoleError(/500/);
  let answer: 'error' | 'broken' | 'fine' = 'error';
  await page.route('**/api/dms/', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    if (answer === 'error') return route.fulfill({ status: 500, json: { error: 'boom' } });
    return route.fulfill({
      json: {
        conversations: [
          {
            room: answer === 'broken' ? 'not-a-room' : 7,
            kind: 'direct',
            other_user: 'ghost',
            group_name: null,
            last_message: 'boo',
            timestamp: null,
            last_mention_at: null,
            has_unread_mention: true,
            mention_unread_count: 150,
          },
        ],
      },
    });
  });
  await gotoRoute(page, '/dms');
  const failed = page.getByRole('alert').filter({ hasText: t.loadFailed });
  await expect(failed).toBeVisible();
  // A room id that is not a number breaks the conversations contract: no row, the same error.
  answer = 'broken';
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeEnabled();
  await expect(failed).toBeVisible();
  await expect(conversationRow(page, 'ghost')).toHaveCount(0);
  answer = 'fine';
  await page.getByRole('button', { name: 'Retry' }).click();
  const row = conversationRow(page, 'ghost');
  await expect(row.getByTestId('mention-badge')).toHaveText('99+');
  await row.click();
  await expect.poll(() => routeOf(page)).toBe('/chat/7');
});

test('/dms works at 360 px in dark mode', async ({ page, user: _user }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const res = await page.request.post('/api/profile/settings/darkmode/', {
    data: { darkmode_enabled: true },
    headers: await csrfHeader(page.request),
  });
  expect(res.ok()).toBe(true);
  await gotoRoute(page, '/dms');
  await expect(page.getByText(t.empty)).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/dark/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
  await page.getByRole('button', { name: t.newMessage }).click();
  await expect(page.getByRole('dialog', { name: t.newMessage })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a long conversation list shows its first 50 rows and 50 more on each press; a search starts again at its first 50', async ({
  page,
  browser,
  user,
}) => {
  test.slow();
  void user;
  const b = await secondUser(browser);
  const run = Date.now();
  for (let i = 1; i <= 120; i += 1)
    await createGroupViaApi(page.request, `Shelf ${String(i).padStart(3, '0')} ${run}`, [b.username]);

  await gotoRoute(page, '/dms');
  const groups = page.getByRole('list', { name: t.groupSection(120) });
  // Newest first: the last group made heads the list.
  await expect(groups.getByRole('listitem').first()).toContainText(`Shelf 120 ${run}`);
  await expect(groups.getByRole('listitem')).toHaveCount(50);
  await page.getByRole('button', { name: t.showMore(50, 70) }).click();
  await expect(groups.getByRole('listitem')).toHaveCount(100);
  await expect(page.getByRole('button', { name: t.showMore(50, 70) })).toHaveCount(0);
  await page.getByRole('button', { name: t.showMore(20, 20) }).click();
  await expect(groups.getByRole('listitem')).toHaveCount(120);
  await expect(groups.getByRole('listitem').last()).toContainText(`Shelf 001 ${run}`);
  await expect(page.getByRole('button', { name: /^Show \d+ more/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // A search lays out its first 50 matches, and another search starts again at its first 50.
  const box = page.getByRole('searchbox', { name: 'Search users and groups' });
  await box.fill(String(run));
  const results = page.getByRole('list', { name: t.found(120) });
  await expect(results.getByRole('listitem')).toHaveCount(50);
  await page.getByRole('button', { name: t.showMore(50, 70) }).click();
  await expect(results.getByRole('listitem')).toHaveCount(100);
  await box.fill(`Shelf 11`);
  await expect(page.getByRole('list', { name: t.found(10) }).getByRole('listitem')).toHaveCount(10);
  await box.fill(String(run));
  await expect(results.getByRole('listitem')).toHaveCount(50);
  await b.context.close();
});
