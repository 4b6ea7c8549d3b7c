import { expect, gotoRoute, routeOf, spinner, test } from './fixtures';
import type { Page } from '@playwright/test';
import { roomByPath } from './chat-helpers';

/** Opens /home and waits for the room tree (dozens of calls: slower than one page load). */
async function openHome(page: Page, route = '/home') {
  await gotoRoute(page, route);
  await expect(spinner(page, 'Loading chat rooms')).toHaveCount(0, { timeout: 20_000 });
}

test('browses the room tree, searches, and opens a room', async ({ page, user: _user }) => {
  await openHome(page);
  await expect(page.getByText('Lost? Try our bot or redo the onboarding!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Discovery Bot' })).toHaveAttribute('href', '#/discovery_bot');
  await expect(page.getByRole('link', { name: 'Redo onboarding' })).toHaveAttribute('href', '#/onboarding/');

  const rooms = page.getByRole('list', { name: 'Rooms' });
  await expect(rooms.getByRole('button', { name: 'Faculty of Science', exact: true })).toBeVisible();
  // Top level: the busiest faculty first, counting the messages of its whole subtree (other tests
  // write in this server's rooms too, so the order is read from the counts shown).
  const counts = await rooms
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((li) => Number(/(\d+) messages?/.exec(li.textContent ?? '')?.[1] ?? 0)),
    );
  expect(counts.length).toBeGreaterThan(1);
  expect(counts).toEqual([...counts].sort((a, b) => b - a));
  await expect(page.getByText(/^Found \d+ rooms$/)).toBeVisible();

  await rooms.getByRole('button', { name: 'Faculty of Science', exact: true }).click();
  await expect.poll(() => new URL(page.url()).hash).toContain('path=science');
  await rooms.getByRole('button', { name: 'Computer Science', exact: true }).click();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByText('Computer Science')).toHaveAttribute('aria-current', 'page');
  await expect(rooms.getByText('science › computer science › cs-101').first()).toBeVisible();

  await crumbs.getByRole('button', { name: 'Faculty of Science' }).click();
  await expect(rooms.getByRole('button', { name: 'Mathematics', exact: true })).toBeVisible();
  await crumbs.getByRole('button', { name: 'Home' }).click();
  await expect(rooms.getByRole('button', { name: 'Campus Life', exact: true })).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search all rooms' });
  await search.fill('TUTORS');
  await expect(page.getByText('Found 2 rooms')).toBeVisible();
  await search.fill('CS-101 Tutors');
  await expect(page.getByText('Found 1 room', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await search.fill('zzz-nothing');
  await expect(page.getByText('No rooms found matching "zzz-nothing"')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Search', exact: true }).click();
  await expect(rooms.getByRole('button', { name: 'Campus Life', exact: true })).toBeVisible();

  await search.fill('cs-101');
  // CS-101 holds its tutors' room: Enter shows it, and the course's own chat opens from there.
  await rooms.getByRole('button', { name: 'Enter CS-101 Introduction to Programming' }).click();
  await page.getByRole('link', { name: 'Open the CS-101 Introduction to Programming chat' }).click();
  await expect.poll(() => routeOf(page)).toMatch(/^\/chat\/\d+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'CS-101 Introduction to Programming' }),
  ).toBeVisible();
});

test('the room details dialog shows fields and only offers rename when allowed', async ({
  page,
  user: _user,
}) => {
  await openHome(page);
  await page.getByRole('searchbox', { name: 'Search all rooms' }).fill('cs-101');
  await page.getByRole('button', { name: 'Details of CS-101 Introduction to Programming' }).click();
  const dialog = page.getByRole('dialog', { name: /Room details/ });
  // Human words, never slugs, ids or internal flags.
  await expect(dialog.getByRole('definition').filter({ hasText: /^Course$/ })).toBeVisible();
  await expect(dialog.getByText('Who can read')).toBeVisible();
  await expect(dialog.getByText('Who can write')).toBeVisible();
  await expect(dialog.getByText('science.computer_science.cs-101')).toHaveCount(0);
  for (const internal of ['Slug', 'ID', 'Path', 'Kind', 'Write gated', 'Public readable']) {
    await expect(dialog.getByRole('term').filter({ hasText: new RegExp(`^${internal}$`) })).toHaveCount(0);
  }
  // A public course room has no owner: the viewer may not rename it or switch bots.
  await expect(dialog.getByRole('button', { name: 'Rename' })).toHaveCount(0);
  await expect(dialog.getByRole('switch')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The members-only tutors room lists its details too, but not its members to outsiders.
  await page.getByRole('searchbox', { name: 'Search all rooms' }).fill('CS-101 Tutors');
  await page.getByRole('button', { name: 'Details of CS-101 Tutors' }).click();
  const tutors = page.getByRole('dialog', { name: /CS-101 Tutors/ });
  await expect(tutors.getByText('Owner')).toBeVisible();
  await expect(tutors.getByRole('link', { name: 'maya' })).toHaveAttribute('href', '#/userprofile/maya');
  await tutors.getByRole('button', { name: 'Close' }).last().click();
  await expect(tutors).toHaveCount(0);
});

test('a leaf room offers to join, then opens its chat', async ({ page, user: _user }) => {
  const room = await roomByPath(page.request, 'campus_life.board_games');
  await openHome(page, '/home?path=campus_life.board_games');
  await expect(page.getByText("You've reached the end of this path.")).toBeVisible();
  await page.getByRole('button', { name: 'Join Board Games' }).click();
  await expect.poll(() => routeOf(page)).toBe(`/chat/${room.id}`);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  expect((await roomByPath(page.request, 'campus_life.board_games')).member).toBe(true);
});

test('members-only rooms send outsiders back with No permission', async ({ page, user: _user }) => {
  const room = await roomByPath(page.request, 'science.computer_science.cs-101.tutors');
  await gotoRoute(page, `/chat/${room.id}`);
  await expect(page.getByText('No permission')).toBeVisible();
  await expect.poll(() => routeOf(page)).toBe('/');
});

test('an unknown room shows Room not found', async ({ page, user: _user, allowConsoleError }) => {
  allowConsoleError(/404/);
  await gotoRoute(page, '/chat/999999');
  await expect(page.getByText('Room not found')).toBeVisible();
  await expect.poll(() => routeOf(page)).toBe('/');
});

for (const address of ['/chat/abc!!', '/chat/-5']) {
  test(`${address} cannot name a room: Invalid room ID, without asking the server`, async ({
    page,
    user: _user,
  }) => {
    const asked: string[] = [];
    const ref = address.slice('/chat/'.length);
    page.on('request', (req) => {
      if (decodeURIComponent(req.url()).includes(`/${ref}`)) asked.push(req.url());
    });
    await gotoRoute(page, address);
    await expect(page.getByText('Invalid room ID')).toBeVisible();
    await expect.poll(() => routeOf(page)).toBe('/');
    await expect(page.getByText('Room not found')).toHaveCount(0);
    expect(asked).toEqual([]);
  });
}

test('the sidebar shows the top user and quick actions', async ({ page, user: _user }) => {
  await openHome(page);
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar.getByText('Top User')).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Full Rankings' })).toHaveAttribute('href', '#/rankings');
  await expect(sidebar.getByRole('link', { name: 'View Profile' })).toHaveAttribute(
    'href',
    /#\/userprofile\//,
  );
  await expect(sidebar.getByRole('link', { name: 'Find Study Partners' })).toHaveAttribute(
    'href',
    '#/matchmake',
  );
  await expect(sidebar.getByRole('link', { name: 'Direct Messages' })).toHaveAttribute('href', '#/dms');
  await expect(page.getByRole('link', { name: 'About page' })).toHaveAttribute('href', '#/about');
});

test('home is usable at 360 px with a one-segment breadcrumb', async ({ page, user: _user }) => {
  await page.setViewportSize({ width: 359, height: 740 });
  await openHome(page, '/home?path=science.computer_science.cs-101');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByText('CS-101 Introduction to Programming')).toBeVisible();
  await expect(crumbs.getByText('Computer Science')).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
});
