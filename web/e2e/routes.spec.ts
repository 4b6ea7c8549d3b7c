import { TEXTS } from '@studium/protocol';
import { expect, gotoRoute, routeOf, test } from './fixtures';

const LOGIN_NEEDED: Array<[route: string, heading: string | RegExp]> = [
  ['/home', 'Chat Rooms'],
  ['/chat/1', 'Faculty of Science'],
  ['/profile', 'Profile'],
  ['/userprofile/maya', '@maya'], // a demo account of the seeded database
  ['/matchmake', 'Matchmaking'],
  ['/matchmaking_bot', 'Matchmaking interview'],
  ['/discovery_bot', 'Discovery bot'],
  ['/dms', 'Direct Messages'],
  ['/notifications', 'Notifications'],
  ['/onboarding', /Welcome to/],
];

test.describe('a visitor', () => {
  for (const [route] of LOGIN_NEEDED) {
    test(`is sent from ${route} to /login`, async ({ page }) => {
      await gotoRoute(page, route);
      await expect.poll(() => routeOf(page)).toBe('/login');
      await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    });
  }

  test('is sent from /rankings to /login with a toast', async ({ page }) => {
    await gotoRoute(page, '/rankings');
    await expect.poll(() => routeOf(page)).toBe('/login');
    await expect(page.getByText(TEXTS.auth.rankingsLoginRequired)).toBeVisible();
  });

  for (const route of ['/login', '/register', '/about', '/patch-notes', '/']) {
    test(`may open ${route}`, async ({ page }) => {
      await gotoRoute(page, route);
      expect(routeOf(page)).toBe(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }
});

test.describe('a logged-in user', () => {
  test('opens every login-needed route', async ({ page, user: _user }) => {
    for (const [route, heading] of LOGIN_NEEDED) {
      await gotoRoute(page, route);
      expect(routeOf(page)).toBe(route);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
  });

  test('opens /rankings, /about and /patch-notes', async ({ page, user: _user }) => {
    await gotoRoute(page, '/rankings');
    await expect(page.getByRole('heading', { level: 1, name: 'Rankings' })).toBeVisible();
    await gotoRoute(page, '/about');
    await expect(page.getByRole('heading', { level: 1, name: /About/ })).toBeVisible();
    await gotoRoute(page, '/patch-notes');
    await expect(page.getByRole('heading', { level: 1, name: 'Patch notes' })).toBeVisible();
  });

  for (const route of ['/login', '/register']) {
    test(`is sent from ${route} to /`, async ({ page, user }) => {
      await gotoRoute(page, route);
      await expect.poll(() => routeOf(page)).toBe('/');
      await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.username}` })).toBeVisible();
    });
  }
});

test('an unknown route shows the not-found page with a way home', async ({ page }) => {
  await gotoRoute(page, '/no/such/page');
  await expect(page.getByRole('heading', { name: TEXTS.notFound.body })).toBeVisible();
  await page.getByRole('link', { name: TEXTS.notFound.back }).click();
  await expect.poll(() => routeOf(page)).toBe('/');
});

test('a screen whose code does not arrive says so under the navbar, and Retry loads it', async ({
  page,
  user,
  allowConsoleError,
}) => {
  // The network drops while /about's code is asked for: the browser logs the failed request.
  allowConsoleError(/Failed to load resource|dynamically imported module/);
  let dropped = 0;
  await page.route(/\/assets\/about-[\w-]+\.js$/, async (route) => {
    if (dropped++ === 0) return route.abort('internetdisconnected');
    return route.continue();
  });
  await gotoRoute(page, '/about');
  const failed = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
  await expect(failed).toBeVisible();
  // The rest of the page stays: the navbar, signed in.
  await expect(page.getByRole('button', { name: `Account menu for ${user.username}` })).toBeVisible();
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /About/ })).toBeVisible();
  await expect(failed).toHaveCount(0);
});
