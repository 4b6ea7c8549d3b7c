import { TEXTS } from '@studium/protocol';
import {
  expect,
  gotoRoute,
  holdAsset,
  pressAcrossLoad,
  registerViaApi,
  routeOf,
  test,
  uniqueUsername,
} from './fixtures';
import { openDmViaApi } from './dm-helpers';

test('a visitor sees Sign In and Get Started and no tabs', async ({ page }) => {
  await gotoRoute(page, '/about');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Studium' })).toBeVisible();
  await expect(nav.getByRole('link', { name: TEXTS.nav.chatRooms })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: TEXTS.nav.notifications })).toHaveCount(0);
  await nav.getByRole('link', { name: TEXTS.nav.getStarted }).click();
  await expect.poll(() => routeOf(page)).toBe('/register');
  await nav.getByRole('link', { name: TEXTS.nav.signIn }).click();
  await expect.poll(() => routeOf(page)).toBe('/login');
  await nav.getByRole('link', { name: 'Studium' }).click();
  await expect.poll(() => routeOf(page)).toBe('/');
});

test('a logged-in user gets tabs with aria-current', async ({ page, user: _user }) => {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const tab = (name: string) => nav.getByRole('link', { name, exact: true });
  const cases: Array<[route: string, active: string | null]> = [
    ['/home', TEXTS.nav.chatRooms],
    ['/chat/7', TEXTS.nav.chatRooms],
    ['/dms', TEXTS.nav.directMessages],
    ['/matchmake', TEXTS.nav.matchmaking],
    ['/notifications', TEXTS.nav.notifications],
    ['/about', null],
  ];
  for (const [route, active] of cases) {
    await gotoRoute(page, route);
    for (const name of [
      TEXTS.nav.chatRooms,
      TEXTS.nav.directMessages,
      TEXTS.nav.matchmaking,
      TEXTS.nav.notifications,
    ]) {
      if (name === active)
        await expect(tab(name), `${name} on ${route}`).toHaveAttribute('aria-current', 'page');
      else await expect(tab(name), `${name} on ${route}`).not.toHaveAttribute('aria-current', 'page');
    }
  }
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  await tab(TEXTS.nav.directMessages).click();
  await expect.poll(() => routeOf(page)).toBe('/dms');
});

test('inside a DM the Direct Messages tab is lit, not Chat Rooms', async ({ page, user: _user }) => {
  const other = uniqueUsername('nv');
  await registerViaApi(page.request, other);
  const dm = await openDmViaApi(page.request, other);
  await gotoRoute(page, `/chat/${dm}`);
  await expect(page.getByRole('heading', { level: 1, name: other, exact: true })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: TEXTS.nav.directMessages, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(nav.getByRole('link', { name: TEXTS.nav.chatRooms, exact: true })).not.toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('the avatar menu has the username, Report bug, Profile and Log out', async ({ page, user }) => {
  await gotoRoute(page, '/home');
  await page.getByRole('button', { name: `Account menu for ${user.username}` }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText(user.username, { exact: true })).toBeVisible();
  const report = menu.getByRole('menuitem', { name: TEXTS.nav.reportBug });
  await expect(report).toHaveAttribute('target', '_blank');
  await expect(report).toHaveAttribute('rel', 'noopener noreferrer');
  await menu.getByRole('menuitem', { name: TEXTS.nav.profile }).click();
  await expect.poll(() => routeOf(page)).toBe('/profile');

  await page.evaluate(() => localStorage.setItem('username', 'x'));
  await page.getByRole('button', { name: `Account menu for ${user.username}` }).click();
  await page.getByRole('menuitem', { name: TEXTS.nav.logOut }).click();
  await expect.poll(() => routeOf(page)).toBe('/');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: TEXTS.nav.signIn }),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('username'))).toBeNull();
  const session = await (await page.request.get('/api/session/')).json();
  expect(session.is_authenticated).toBe(false);
  await gotoRoute(page, '/home');
  await expect.poll(() => routeOf(page)).toBe('/login');
});

test('the navbar fits a 360 px screen', async ({ page, user: _user }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await gotoRoute(page, '/home');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of [
    TEXTS.nav.chatRooms,
    TEXTS.nav.directMessages,
    TEXTS.nav.matchmaking,
    TEXTS.nav.notifications,
  ]) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeInViewport();
  }
  await expect(nav.getByRole('button', { name: /Account menu/ })).toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a failed logout alerts and keeps the user signed in', async ({ page, user, allowConsoleError }) => {
  allowConsoleError(/Failed to load resource/);
  await gotoRoute(page, '/home');
  await page.route('**/api/logout/', (route) => route.fulfill({ status: 500, body: '' }));
  // Accept the alert inside the handler: it can open while the click is still settling, and a
  // click waits for a blocked page, so awaiting the dialog after the click would deadlock.
  let alertText = '';
  page.once('dialog', (dialog) => {
    alertText = dialog.message();
    void dialog.accept();
  });
  await page.getByRole('button', { name: `Account menu for ${user.username}` }).click();
  await page.getByRole('menuitem', { name: TEXTS.nav.logOut }).click();
  await expect.poll(() => alertText).toBe(TEXTS.auth.logoutFailed);
  expect(routeOf(page)).toBe('/home');
});

test('a press on the account menu that begins while the menu loads opens the menu', async ({
  page,
  user,
}) => {
  // The menu's code comes after the page; here it arrives between the press and its release, so
  // the click lands on neither the stand-in button nor the menu's own.
  const { release } = await holdAsset(page, /\/assets\/account-menu-[\w-]+\.js$/);
  await gotoRoute(page, '/');
  const standIn = page.locator('button[aria-haspopup="menu"][aria-busy="true"]', {
    hasText: `Account menu for ${user.username}`,
  });
  await pressAcrossLoad(page, standIn, release);
  await expect(page.getByRole('menuitem', { name: TEXTS.nav.logOut })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: TEXTS.nav.logOut })).toHaveCount(0);
});

test('logging out on the landing page and then opening /home leads to /login', async ({ page, user }) => {
  await gotoRoute(page, '/');
  await page.getByRole('button', { name: `Account menu for ${user.username}` }).click();
  await page.getByRole('menuitem', { name: TEXTS.nav.logOut }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: TEXTS.nav.signIn }),
  ).toBeVisible();
  expect(routeOf(page)).toBe('/');
  await page.evaluate(() => (window.location.hash = '#/home'));
  await expect.poll(() => routeOf(page)).toBe('/login');
  await expect(page.getByRole('button', { name: TEXTS.nav.signIn })).toBeVisible();
});

test('a signed-in user opening / gets the navbar tabs in the same frame as the page', async ({
  page,
  user: _user,
}) => {
  // A returning user: the app has run once in this browser with their session.
  await gotoRoute(page, '/home');
  await expect(page.getByRole('link', { name: TEXTS.nav.chatRooms, exact: true })).toBeVisible();
  // Every frame from the start of the next load: is the page's heading shown, are the tabs?
  await page.addInitScript(() => {
    const frames: Array<{ page: boolean; tabs: boolean }> = [];
    (window as unknown as { frames_: typeof frames }).frames_ = frames;
    const shown = (el: Element | null) =>
      !!el && el.checkVisibility() && el.getBoundingClientRect().height > 0;
    const record = () => {
      const tabs = [...document.querySelectorAll('nav[aria-label="Main"] a')].some(
        (a) => a.textContent?.trim() === 'Chat Rooms' && shown(a),
      );
      frames.push({ page: shown(document.querySelector('main h1')), tabs });
      if (frames.length < 600) requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: TEXTS.nav.chatRooms, exact: true })).toBeVisible();
  const frames = await page.evaluate(
    () => (window as unknown as { frames_: Array<{ page: boolean; tabs: boolean }> }).frames_,
  );
  const firstWithPage = frames.findIndex((f) => f.page);
  expect(firstWithPage).toBeGreaterThanOrEqual(0);
  expect(frames.filter((f) => f.page && !f.tabs)).toEqual([]);
});
