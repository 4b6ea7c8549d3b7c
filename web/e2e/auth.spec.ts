import type { Page } from '@playwright/test';
import { TEXTS } from '@studium/protocol';
import { expect, gotoRoute, PASSWORD, registerViaApi, routeOf, test, uniqueUsername } from './fixtures';

const HTTP_ERROR = /Failed to load resource/;

test.describe('login', () => {
  test('keeps the button disabled while a field is blank and explains on Enter', async ({ page }) => {
    await gotoRoute(page, '/login');
    const button = page.getByRole('button', { name: TEXTS.nav.signIn });
    await expect(button).toBeDisabled();
    await page.getByLabel('Username').fill('someone');
    await expect(button).toBeDisabled();
    await page.getByLabel('Password').fill('   ');
    await expect(button).toBeDisabled();
    await page.getByLabel('Password').press('Enter');
    await expect(page.getByRole('alert')).toHaveText(TEXTS.auth.bothRequired);
    await page.getByLabel('Password').fill('x');
    await expect(button).toBeEnabled();
  });

  test("shows the server's text for a wrong password", async ({ page, allowConsoleError }) => {
    allowConsoleError(HTTP_ERROR);
    const username = uniqueUsername();
    await registerViaApi(page.request, username);
    await gotoRoute(page, '/login');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByLabel('Password').press('Enter');
    await expect(page.getByRole('alert')).toHaveText(TEXTS.server.invalidCredentials);
    expect(routeOf(page)).toBe('/login');
  });

  test("falls back to 'Login failed' and reports network errors", async ({ page, allowConsoleError }) => {
    allowConsoleError(HTTP_ERROR);
    await gotoRoute(page, '/login');
    await page.getByLabel('Username').fill('someone');
    await page.getByLabel('Password').fill('something');
    await page.route('**/api/login/', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('button', { name: TEXTS.nav.signIn }).click();
    await expect(page.getByRole('alert')).toHaveText(TEXTS.auth.loginFailed);
    await page.unroute('**/api/login/');
    await page.route('**/api/login/', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: TEXTS.nav.signIn }).click();
    await expect(page.getByRole('alert')).toHaveText(TEXTS.auth.networkError);
  });

  test('signs in with a trimmed username, welcomes back and opens /home', async ({ page }) => {
    const username = uniqueUsername();
    await registerViaApi(page.request, username);
    await gotoRoute(page, '/login');
    await page.getByLabel('Username').fill(`  ${username}  `);
    await page.getByLabel('Password').fill(PASSWORD);
    let sentUsername = '';
    page.on('request', (req) => {
      if (req.url().endsWith('/api/login/'))
        sentUsername = (req.postDataJSON() as { username: string }).username;
    });
    await page.getByLabel('Password').press('Enter');
    await expect(page.getByText(TEXTS.auth.welcomeBack(username))).toBeVisible();
    await expect.poll(() => routeOf(page)).toBe('/home');
    expect(sentUsername).toBe(username);
    expect(await page.evaluate(() => localStorage.getItem('username'))).toBe(username);
  });

  test('links to sign-up', async ({ page }) => {
    await gotoRoute(page, '/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect.poll(() => routeOf(page)).toBe('/register');
  });
});

test.describe('register', () => {
  async function fill(page: Page, username: string, password: string, confirm = password) {
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(confirm);
    await page.getByRole('button', { name: 'Create account' }).click();
  }

  test('asks for a username and matching passwords', async ({ page }) => {
    await gotoRoute(page, '/register');
    await fill(page, '   ', PASSWORD);
    await expect(page.getByText(TEXTS.auth.usernameRequired)).toBeVisible();
    await fill(page, uniqueUsername(), PASSWORD, `${PASSWORD}x`);
    await expect(page.getByText(TEXTS.auth.passwordsDoNotMatch)).toBeVisible();
    await expect(page.getByText(TEXTS.auth.usernameRequired)).toHaveCount(0);
  });

  test('shows server field errors under their field, without a bug-report banner', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(HTTP_ERROR);
    await gotoRoute(page, '/register');
    await fill(page, 'ab', PASSWORD);
    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(TEXTS.server.usernameShape).first()).toBeVisible();
    // A refused name is not a bug: no banner, no hint.
    await expect(page.getByText(TEXTS.auth.ifYouBelieveError)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'report a bug' })).toHaveCount(0);

    const taken = uniqueUsername();
    await registerViaApi(page.request, taken);
    await fill(page, taken, PASSWORD);
    await expect(page.getByText(TEXTS.server.usernameTaken).first()).toBeVisible();
    await expect(page.getByText(TEXTS.auth.ifYouBelieveError)).toHaveCount(0);
  });

  test("falls back to 'Registration failed (status)' and reports network errors", async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(HTTP_ERROR);
    await gotoRoute(page, '/register');
    await page.route('**/api/register/', (route) => route.fulfill({ status: 502, body: '' }));
    await fill(page, uniqueUsername(), PASSWORD);
    await expect(page.getByRole('alert')).toContainText(TEXTS.auth.registrationFailedStatus(502));
    await page.unroute('**/api/register/');
    await page.route('**/api/register/', (route) => route.abort('internetdisconnected'));
    await fill(page, uniqueUsername(), PASSWORD);
    await expect(page.getByRole('alert')).toContainText('Network error: ');
    // An unexpected failure (not a refusal) carries the hint with its feedback link.
    await expect(page.getByRole('alert')).toContainText(TEXTS.auth.ifYouBelieveError);
    await expect(page.getByRole('alert').getByRole('link', { name: 'report a bug' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
  });

  test('registers, logs in, welcomes and opens the onboarding', async ({ page }) => {
    const username = uniqueUsername();
    await gotoRoute(page, '/register');
    await fill(page, username, PASSWORD);
    await expect(page.getByText(TEXTS.auth.welcomeNew('Studium', username))).toBeVisible();
    await expect.poll(() => routeOf(page)).toBe('/onboarding');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chat Rooms' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Skip the tour' }).click();
    await expect.poll(() => routeOf(page)).toBe('/home');
  });

  test('sends the user to log in when the automatic login fails', async ({ page, allowConsoleError }) => {
    allowConsoleError(HTTP_ERROR);
    await gotoRoute(page, '/register');
    await page.route('**/api/login/', (route) => route.fulfill({ status: 500, body: '' }));
    await fill(page, uniqueUsername(), PASSWORD);
    await expect(page.getByText(TEXTS.auth.registrationSuccessful)).toBeVisible();
    await expect.poll(() => routeOf(page)).toBe('/login');
  });

  test('links the GDPR notice to About', async ({ page }) => {
    await gotoRoute(page, '/register');
    await expect(page.getByText(/GDPR notice/)).toContainText('messages');
    await page.getByRole('link', { name: 'About page' }).click();
    await expect.poll(() => routeOf(page)).toBe('/about');
  });
});
