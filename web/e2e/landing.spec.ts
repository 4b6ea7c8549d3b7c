import { TEXTS } from '@studium/protocol';
import { expect, gotoRoute, holdAsset, PASSWORD, routeOf, test, uniqueUsername } from './fixtures';

test('a visitor sees the pitch with Get Started and Sign In', async ({ page }) => {
  await gotoRoute(page, '/');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toContainText('Study together');
  await expect(main.getByRole('listitem')).toHaveCount(3);
  await main.getByRole('link', { name: TEXTS.landing.getStarted }).click();
  await expect.poll(() => routeOf(page)).toBe('/register');
  // Back once the register page is there, as a visitor would.
  await expect(page.getByRole('heading', { level: 1, name: 'Join Studium' })).toBeVisible();
  await page.goBack();
  await page.getByRole('main').getByRole('link', { name: TEXTS.landing.signIn, exact: true }).click();
  await expect.poll(() => routeOf(page)).toBe('/login');
});

test('a logged-in user sees a welcome and Go to Chat Rooms', async ({ page, user }) => {
  await gotoRoute(page, '/');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: `Welcome, ${user.username}` })).toBeVisible();
  await expect(main.getByRole('link', { name: TEXTS.landing.getStarted })).toHaveCount(0);
  await main.getByRole('link', { name: TEXTS.landing.goToChatRooms }).click();
  await expect.poll(() => routeOf(page)).toBe('/home');
});

test('About shows fun facts, privacy and a way back', async ({ page }) => {
  await gotoRoute(page, '/about');
  await expect(page.getByRole('heading', { name: TEXTS.about.funFacts })).toBeVisible();
  for (const fact of ['AI-powered', 'Real-time chat', 'Smart matching']) {
    await expect(page.getByRole('heading', { name: fact })).toBeVisible();
  }
  await expect(page.getByText('an external AI API and local AI models')).toBeVisible();
  await expect(page.getByRole('link', { name: /Community chat server/ })).toHaveAttribute(
    'rel',
    'noopener noreferrer',
  );
  await expect(page.getByText(/© \d{4} Studium/)).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  // /home needs a login, so a visitor ends on /login.
  await expect.poll(() => routeOf(page)).toBe('/login');
});

test('Patch notes render the changelog', async ({ page }) => {
  await gotoRoute(page, '/patch-notes');
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(page.locator('.prose-studium li').first()).toBeVisible();
});

test('a register form filled and sent before the app is there is sent by the app, never by the browser', async ({
  page,
}) => {
  const username = uniqueUsername('pre');
  // The app's code is held back until the prerendered form has been filled in and sent.
  const { release } = await holdAsset(page, /\/assets\/app-[\w-]+\.js$/);
  await page.goto('/#/register');
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).press('Enter');
  expect(page.url()).not.toContain(PASSWORD);
  release();
  await expect.poll(() => routeOf(page)).toBe('/onboarding');
  expect(page.url()).not.toContain(PASSWORD);
});
