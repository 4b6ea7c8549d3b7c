import type { Page } from '@playwright/test';
import { expect, gotoRoute, loginViaApi, registerViaApi, test, uniqueUsername } from './fixtures';

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

test('a visitor starts light; a stored preference applies before render', async ({ page }) => {
  await gotoRoute(page, '/');
  expect(await isDark(page)).toBe(false);
  await page.evaluate(() => localStorage.setItem('darkmode_enabled', '1'));
  await page.reload();
  await page.locator('#main').waitFor();
  expect(await isDark(page)).toBe(true);
});

test("the system's dark preference applies until the user picks a theme", async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await gotoRoute(page, '/about');
  await expect.poll(() => isDark(page)).toBe(true);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => isDark(page)).toBe(false);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => isDark(page)).toBe(true);
  // A choice of their own wins over the system's.
  await page.evaluate(() => localStorage.setItem('darkmode_enabled', '0'));
  await page.reload();
  await page.locator('#main').waitFor();
  expect(await isDark(page)).toBe(false);
});

test('toggling dark mode applies, persists, survives a reload and reaches the server', async ({
  page,
  user: _user,
}) => {
  await gotoRoute(page, '/home');
  const menuButton = page.getByRole('button', { name: /Account menu/ });
  await menuButton.click();
  const posted = page.waitForRequest(
    (req) => req.url().endsWith('/api/profile/settings/darkmode/') && req.method() === 'POST',
  );
  await page.getByRole('menuitemcheckbox', { name: 'Dark mode' }).click();
  expect((await posted).postDataJSON()).toEqual({ darkmode_enabled: true });
  expect(await isDark(page)).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('darkmode_enabled'))).toBe('1');

  await page.reload();
  await page.locator('#main').waitFor();
  expect(await isDark(page)).toBe(true);

  const server = await (await page.request.get('/api/profile/settings/darkmode/')).json();
  expect(server.darkmode_enabled).toBe(true);

  await menuButton.click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Dark mode' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.getByRole('menuitemcheckbox', { name: 'Dark mode' }).click();
  expect(await isDark(page)).toBe(false);
  expect(await page.evaluate(() => localStorage.getItem('darkmode_enabled'))).toBe('0');
});

test("a fresh browser takes the server's preference without sending it back", async ({ browser }) => {
  const username = uniqueUsername();
  const first = await browser.newContext();
  await registerViaApi(first.request, username);
  await loginViaApi(first.request, username);
  const csrf = (await first.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  const res = await first.request.post('/api/profile/settings/darkmode/', {
    data: { darkmode_enabled: true },
    headers: { 'X-CSRFToken': csrf },
  });
  expect(res.ok()).toBe(true);
  await first.close();

  const fresh = await browser.newContext();
  const page = await fresh.newPage();
  await loginViaApi(page.request, username);
  const posts: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/api/profile/settings/darkmode/') && req.method() === 'POST')
      posts.push(req.url());
  });
  await gotoRoute(page, '/home');
  await expect.poll(() => isDark(page)).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('darkmode_enabled'))).toBe('1');
  expect(posts).toEqual([]);
  await fresh.close();
});
