import { expect, expectNoSeriousA11yViolations, gotoRoute, test } from './fixtures';

const PUBLIC_PAGES = ['/', '/login', '/register', '/about', '/patch-notes', '/missing-page'];
const USER_PAGES = ['/', '/home', '/chat/1', '/profile', '/onboarding', '/dms', '/notifications', '/rankings'];

// Each test scans several pages in a row; axe on a busy two-core CI machine needs the room.
test.describe.configure({ timeout: 120_000 });

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(
        (value) => {
          try {
            localStorage.setItem('darkmode_enabled', value);
          } catch {
            /* about:blank has no storage */
          }
        },
        theme === 'dark' ? '1' : '0',
      );
    });

    test('public pages have no serious axe violations or console errors', async ({ page }) => {
      for (const route of PUBLIC_PAGES) {
        await gotoRoute(page, route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
          theme === 'dark',
        );
        await expectNoSeriousA11yViolations(page);
      }
    });

    test('pages of a logged-in user have no serious axe violations', async ({ page, user }) => {
      // The server keeps its own dark-mode value; make it agree with this run's theme.
      const csrf =
        (await page.context().storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
      await page.request.post('/api/profile/settings/darkmode/', {
        data: { darkmode_enabled: theme === 'dark' },
        headers: { 'X-CSRFToken': csrf },
      });
      for (const route of USER_PAGES) {
        await gotoRoute(page, route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      }
      await page.getByRole('button', { name: `Account menu for ${user.username}` }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      // Radix hides the rest of the page (aria-hidden) while the menu traps focus: scan the menu.
      await expectNoSeriousA11yViolations(page, '[role="menu"]');
    });
  });
}
