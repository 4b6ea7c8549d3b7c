import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { PROFILE_TEXTS, TEXTS } from '@studium/protocol';
import {
  csrfHeader,
  expect,
  expectNoSeriousA11yViolations,
  gotoRoute,
  loggedInApi,
  loginViaApi,
  PASSWORD,
  registerViaApi,
  routeOf,
  test,
  toast,
  uniqueUsername,
} from './fixtures';

const HTTP_ERROR = /Failed to load resource/;
const t = PROFILE_TEXTS;

/** A second, logged-in user in a browser context of their own. */
async function otherUser(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const username = uniqueUsername('other');
  await registerViaApi(page.request, username);
  await loginViaApi(page.request, username);
  return { context, page, username };
}

async function openTab(page: Page, name: 'Profile' | 'Picture' | 'Settings') {
  await page.getByRole('tab', { name }).click();
}

test.describe('profile', () => {
  test('edits every field and privacy flag; another user sees only the public ones', async ({
    page,
    user,
    browser,
    baseURL,
  }) => {
    test.slow(); // several pages, contexts and real hashing
    await gotoRoute(page, '/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: user.username })).toBeVisible();
    // Profile defaults: studies and join date public, the rest private.
    await expect(page.getByRole('switch', { name: 'Keep Studies private' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Keep Profile blurb private' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Keep Joined private' })).not.toBeChecked();

    await page.getByLabel('Studies', { exact: true }).fill('MSc Physics');
    await expect(page.getByText('11/100')).toBeVisible();
    await page.getByLabel('Profile blurb', { exact: true }).fill('Quantum things.\nAnd tea.');
    await page.getByLabel('Languages spoken', { exact: true }).fill('English, Dutch');
    await page.getByLabel('Interests & tags', { exact: true }).fill('optics, bouldering');
    await page.getByLabel('Website', { exact: true }).fill('https://example.org/physics');
    // Studies and join date private; blurb, interests, website and picture public; languages stay private.
    for (const name of [
      'Studies',
      'Joined',
      'Profile blurb',
      'Interests & tags',
      'Website',
      'Profile picture',
    ]) {
      await page.getByRole('switch', { name: `Keep ${name} private` }).click();
    }
    await expect(page.getByText(t.privateHint)).toHaveCount(3);
    await expect(page.getByText(t.publicHint)).toHaveCount(4);
    await page.getByRole('button', { name: t.saveProfile }).click();
    await expect(toast(page, t.updated)).toBeVisible();
    await expectNoSeriousA11yViolations(page, '#main');

    await page.reload();
    await expect(page.getByLabel('Studies', { exact: true })).toHaveValue('MSc Physics');
    await expect(page.getByLabel('Website', { exact: true })).toHaveValue('https://example.org/physics');
    await expect(page.getByRole('switch', { name: 'Keep Studies private' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Keep Website private' })).not.toBeChecked();

    // The owner's own public view shows everything, with the private fields marked.
    await page.getByRole('link', { name: t.seeAsOthers }).click();
    expect(routeOf(page)).toBe(`/userprofile/${user.username}`);
    await expect(page.getByText('MSc Physics')).toBeVisible();
    await expect(page.getByText('Only you', { exact: true })).toHaveCount(3);

    const other = await otherUser(browser, baseURL);
    await gotoRoute(other.page, `/userprofile/${user.username}`);
    await expect(other.page.getByRole('heading', { level: 1, name: user.username })).toBeVisible();
    await expect(other.page.getByText('Quantum things.')).toBeVisible();
    await expect(other.page.getByText('bouldering')).toBeVisible();
    await expect(other.page.getByRole('link', { name: 'https://example.org/physics' })).toHaveAttribute(
      'rel',
      /noopener/,
    );
    await expect(other.page.getByText('MSc Physics')).toHaveCount(0);
    await expect(other.page.getByText('English, Dutch')).toHaveCount(0);
    await expect(other.page.getByText('Joined')).toHaveCount(0);
    await expect(other.page.getByText('Only you', { exact: true })).toHaveCount(0);
    await expect(other.page.getByRole('button', { name: 'Message' })).toBeVisible();
    await expectNoSeriousA11yViolations(other.page, '#main');
    await other.context.close();
  });

  test('checks lengths and the website before sending anything', async ({ page, user }) => {
    void user;
    await gotoRoute(page, '/profile');
    let posted = 0;
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/api/profile/')) posted += 1;
    });
    await page.getByLabel('Website', { exact: true }).fill('example.org');
    await page.getByLabel('Studies', { exact: true }).fill('x'.repeat(101));
    await expect(page.getByText('101/100')).toBeVisible();
    await page.getByRole('button', { name: t.saveProfile }).click();
    await expect(page.getByText(t.websiteUrl)).toBeVisible();
    await expect(page.getByText(t.tooLong('Studies', 100))).toBeVisible();
    expect(posted).toBe(0);
  });

  test('uploads and removes a picture, with the client checks', async ({ page, user, browser, baseURL }) => {
    test.slow(); // several pages, contexts and real hashing
    await gotoRoute(page, '/profile');
    await openTab(page, 'Picture');
    await expect(page.getByText(t.pictureNote)).toBeVisible();
    await expect(page.getByRole('button', { name: t.removePicture })).toHaveCount(0);
    const fileInput = page.getByLabel('Profile picture file');

    await fileInput.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect(toast(page, t.selectImage)).toBeVisible();
    await fileInput.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await expect(toast(page, t.imageTooLarge)).toBeVisible();

    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2a9d8f' } })
      .png()
      .toBuffer();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/profile/', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByRole('button', { name: t.uploading })).toBeDisabled();
    release();
    await expect(toast(page, t.pictureUpdated)).toBeVisible();
    await page.unroute('**/api/profile/');
    const picture = page.locator(`img[src^="/api/users/${user.username}/picture/"]`);
    await expect(picture.first()).toBeVisible();
    await expect(page.getByRole('button', { name: t.removePicture })).toBeVisible();

    // Private by default: another user gets the generated avatar, not the picture.
    const other = await otherUser(browser, baseURL);
    await gotoRoute(other.page, `/userprofile/${user.username}`);
    await expect(other.page.getByRole('heading', { level: 1, name: user.username })).toBeVisible();
    await expect(other.page.locator('img[src^="data:image/svg+xml"]').first()).toBeVisible();
    await expect(other.page.locator('img[src^="/api/users/"]')).toHaveCount(0);
    await other.context.close();

    await page.getByRole('button', { name: t.removePicture }).click();
    await expect(toast(page, t.pictureRemoved)).toBeVisible();
    await expect(page.getByRole('button', { name: t.removePicture })).toHaveCount(0);
    await expect(picture).toHaveCount(0);
  });

  test('changes the password; the new one logs in', async ({ page, user }) => {
    test.slow(); // several pages, contexts and real hashing
    await gotoRoute(page, '/profile');
    await openTab(page, 'Settings');
    const button = page.getByRole('button', { name: 'Change Password' });
    await expect(button).toBeDisabled();
    let sent = 0;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/password/')) sent += 1;
    });
    await page.getByLabel('Current password').fill(user.password);
    await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-77');
    await expect(button).toBeDisabled();
    await page.getByLabel('Confirm new password').fill('something-else-88');
    await button.click();
    await expect(toast(page, t.confirmMismatch)).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm new password').fill(user.password);
    await button.click();
    await expect(toast(page, t.samePassword)).toBeVisible();
    expect(sent).toBe(0);

    await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-77');
    await page.getByLabel('Confirm new password').fill('brand-new-pass-77');
    await button.click();
    await expect(toast(page, t.passwordChanged)).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveValue('');

    // Still logged in here; then out, and in again with the new password.
    await page.getByRole('button', { name: `Account menu for ${user.username}` }).click();
    await page.getByRole('menuitem', { name: TEXTS.nav.logOut }).click();
    await expect.poll(() => routeOf(page)).toBe('/');
    await gotoRoute(page, '/login');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill('brand-new-pass-77');
    await page.getByLabel('Password').press('Enter');
    await expect(page.getByText(TEXTS.auth.welcomeBack(user.username))).toBeVisible();
  });

  test("shows the server's text for a wrong current password", async ({ page, user, allowConsoleError }) => {
    void user;
    allowConsoleError(HTTP_ERROR);
    await gotoRoute(page, '/profile');
    await openTab(page, 'Settings');
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-77');
    await page.getByLabel('Confirm new password').fill('brand-new-pass-77');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(toast(page, t.wrongOldPassword)).toBeVisible();
  });

  test('toggles dark mode from the settings', async ({ page, user }) => {
    void user;
    await gotoRoute(page, '/profile');
    await openTab(page, 'Settings');
    const dark = page.getByRole('switch', { name: 'Dark mode' });
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    const before = await isDark();
    await expect(dark).toBeChecked({ checked: before });
    await dark.click();
    await expect.poll(isDark).toBe(!before);
    await expect(dark).toBeChecked({ checked: !before });
  });

  test('deletes the account after confirmation; it can no longer log in', async ({
    page,
    user,
    allowConsoleError,
  }) => {
    allowConsoleError(HTTP_ERROR);
    await gotoRoute(page, '/profile');
    await openTab(page, 'Settings');
    await page.getByRole('button', { name: t.deleteAccount }).click();
    const dialog = page.getByRole('dialog', { name: t.deleteAccount });
    await expect(dialog.getByText(t.deleteConfirm, { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole('button', { name: t.deleteAccount }).click();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/profile/delete/**', async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: t.deleteAccount }).click();
    await expect(dialog.getByRole('button', { name: t.deleting })).toBeDisabled();
    release();
    await expect(toast(page, t.accountDeleted)).toBeVisible();
    await expect.poll(() => routeOf(page)).toBe('/');
    expect(await page.evaluate(() => window.localStorage.getItem('username'))).toBeNull();
    await expect(page.getByRole('link', { name: TEXTS.nav.signIn }).first()).toBeVisible();

    await gotoRoute(page, '/login');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await expect(page.getByRole('alert')).toHaveText(TEXTS.server.invalidCredentials);
  });

  test('shows the error texts for failed loads and actions', async ({ page, user, allowConsoleError }) => {
    test.slow(); // several pages, contexts and real hashing
    void user;
    allowConsoleError(HTTP_ERROR);
    await page.route('**/api/profile/', (route) => route.fulfill({ status: 500, body: '' }));
    await gotoRoute(page, '/profile');
    await expect(page.getByText(t.loadFailed)).toBeVisible();
    await page.unroute('**/api/profile/');
    await page.route('**/api/profile/', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText(t.loadError)).toBeVisible();
    await page.unroute('**/api/profile/');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('button', { name: t.saveProfile })).toBeVisible();

    const failPost = (how: 'status' | 'abort', path = '**/api/profile/') =>
      page.route(path, (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        return how === 'status'
          ? route.fulfill({ status: 500, body: '' })
          : route.abort('internetdisconnected');
      });
    await failPost('status');
    await page.getByRole('button', { name: t.saveProfile }).click();
    await expect(toast(page, t.updateFailed)).toBeVisible();
    await page.unroute('**/api/profile/');
    await failPost('abort');
    await page.getByRole('button', { name: t.saveProfile }).click();
    await expect(toast(page, t.updateError)).toBeVisible();

    await openTab(page, 'Picture');
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await page.unroute('**/api/profile/');
    await failPost('status');
    await page
      .getByLabel('Profile picture file')
      .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: png });
    await expect(toast(page, t.uploadFailed)).toBeVisible();
    await page.unroute('**/api/profile/');

    await openTab(page, 'Settings');
    await failPost('abort', '**/api/password/');
    await page.getByLabel('Current password').fill('a-password-1');
    await page.getByLabel('New password', { exact: true }).fill('b-password-2');
    await page.getByLabel('Confirm new password').fill('b-password-2');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(toast(page, t.connectionError)).toBeVisible();
    await page.unroute('**/api/password/');
    await failPost('status', '**/api/password/');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(toast(page, t.passwordFailed)).toBeVisible();

    await failPost('status', '**/api/profile/delete/**');
    await page.getByRole('button', { name: t.deleteAccount }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.deleteAccount }).click();
    await expect(toast(page, t.deleteFailed)).toBeVisible();
    await page.keyboard.press('Escape');

    // Without a CSRF cookie (and no way to get one) nothing is sent.
    await page.route('**/api/csrf/', (route) => route.abort('internetdisconnected'));
    await page.context().clearCookies({ name: 'csrftoken' });
    await openTab(page, 'Profile');
    await page.getByRole('button', { name: t.saveProfile }).click();
    await expect(toast(page, t.refreshPage)).toBeVisible();
  });

  test('shows a not-found state for an unknown user', async ({ page, user, allowConsoleError }) => {
    void user;
    allowConsoleError(HTTP_ERROR);
    await gotoRoute(page, '/userprofile/no_such_user_here');
    await expect(page.getByRole('heading', { level: 1, name: '@no_such_user_here' })).toBeVisible();
    await expect(page.getByText(t.userNotFound)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Chat Rooms' })).toBeVisible();
  });

  test("another user's profile follows what they change while it is open", async ({
    page,
    user: _user,
    baseURL,
  }) => {
    const other = await loggedInApi(baseURL!, 'live');
    const edit = async (data: Record<string, unknown>) => {
      const res = await other.api.post('/api/profile/', { data, headers: await csrfHeader(other.api) });
      expect(res.status(), await res.text()).toBe(200);
    };
    await gotoRoute(page, `/userprofile/${other.username}`);
    await expect(page.getByRole('heading', { name: `@${other.username}` })).toBeVisible();
    const blurb = `Revising for the finals in the library ${Date.now()}`;
    // The blurb is private until its owner shows it: then it appears here, without a reload.
    await edit({ profile_blurb: blurb });
    await edit({ profile_blurb_private: false, studies: 'Linguistics' });
    await expect(page.getByText(blurb)).toBeVisible();
    await expect(page.getByText('Linguistics')).toBeVisible();
    // Hidden again, it goes.
    await edit({ profile_blurb_private: true });
    await expect(page.getByText(blurb)).toHaveCount(0);
    await expect(page.getByText('Linguistics')).toBeVisible();
    await other.api.dispose();
  });

  test("'Message' opens the DM room with that user", async ({ page, user: _user, browser, baseURL }) => {
    const other = await otherUser(browser, baseURL);
    await gotoRoute(page, `/userprofile/${other.username}`);
    const response = page.waitForResponse((res) => res.url().endsWith('/api/dms/'));
    await page.getByRole('button', { name: 'Message' }).click();
    expect((await response).status()).toBe(200);
    await expect.poll(() => routeOf(page)).toMatch(/^\/chat\/\d+$/);
    await expect(page.getByRole('heading', { name: other.username, exact: true })).toBeVisible();
    await other.context.close();
  });
});
