import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { PROFILE_TEXTS, TEXTS } from '@studium/protocol';
import {
  csrfHeader,
  expect as baseExpect,
  gotoRoute,
  loginViaApi,
  PASSWORD,
  registerViaApi,
  routeOf,
  test,
  uniqueUsername,
} from './fixtures';
import { postViaApi } from './chat-helpers';
import { createGroupViaApi } from './dm-helpers';

// A shared machine can be slow to first paint: each check waits up to 20 s.
const expect = baseExpect.configure({ timeout: 20_000 });

async function signInOnPage(page: Page, username: string) {
  await expect.poll(() => routeOf(page)).toBe('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: TEXTS.nav.signIn }).click();
}

async function newUser(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const username = uniqueUsername('p');
  await registerViaApi(context.request, username);
  await loginViaApi(context.request, username);
  return { context, page: await context.newPage(), username };
}

/** Saves `fields` of the profile of the user `request` is signed in as: a picture of `color`, or JSON fields. */
async function saveProfile(
  request: APIRequestContext,
  fields: { pictureColor: string } | Record<string, unknown>,
) {
  const headers = await csrfHeader(request);
  const res =
    'pictureColor' in fields
      ? await request.post('/api/profile/', {
          headers,
          multipart: {
            profile_picture: {
              name: 'p.png',
              mimeType: 'image/png',
              buffer: await sharp({
                create: { width: 64, height: 64, channels: 3, background: String(fields.pictureColor) },
              })
                .png()
                .toBuffer(),
            },
          },
        })
      : await request.post('/api/profile/', { headers, data: fields });
  expect(res.ok(), await res.text()).toBe(true);
}

test.describe('polish: accounts', () => {
  // Real browsers, several users each, on a shared machine: room to breathe.
  test.describe.configure({ timeout: 90_000 });

  test('reserved names cannot be registered, in any case; the error shows once, under the field', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(/Failed to load resource.*400/);
    await gotoRoute(page, '/register');
    await page.getByRole('textbox', { name: 'Username' }).fill('AdMiN');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText(TEXTS.server.usernameReserved)).toHaveCount(1);
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveAttribute('aria-invalid', 'true');
    // A refusal is not a bug: no banner repeats it, and no bug-report hint (docs/auth.md).
    await expect(page.getByText(TEXTS.auth.ifYouBelieveError)).toHaveCount(0);
    expect(routeOf(page)).toBe('/register');
  });

  test('a deep link survives the login: the visitor comes back to the page asked for', async ({
    page,
    browser,
    baseURL,
    allowConsoleError,
  }) => {
    // The session is ended behind the open page's back: its next calls are refused, as they should be.
    allowConsoleError(/Failed to load resource.*401/);
    const owner = await newUser(browser, baseURL);
    const username = uniqueUsername('deep');
    await registerViaApi(page.request, username);
    const room = await createGroupViaApi(owner.context.request, 'Deep link', [username]);
    await owner.context.close();

    await page.goto(`/#/chat/${room}`);
    await signInOnPage(page, username);
    await expect.poll(() => routeOf(page)).toBe(`/chat/${room}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Deep link' })).toBeVisible();

    await page.request.post('/api/logout/', { headers: await csrfHeader(page.request) });
    await page.goto('/#/rankings');
    await page.reload();
    await signInOnPage(page, username);
    await expect.poll(() => routeOf(page)).toBe('/rankings');
  });

  test('a replaced or removed picture shows at once everywhere, and no view asks for the removed one', async ({
    page,
    user,
  }) => {
    test.slow();
    const picture = (color: string) =>
      sharp({ create: { width: 64, height: 64, channels: 3, background: color } })
        .png()
        .toBuffer();
    await gotoRoute(page, '/profile');
    await page.getByRole('tab', { name: 'Picture' }).click();
    const file = page.getByLabel('Profile picture file');
    await file.setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: await picture('#e76f51') });
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: PROFILE_TEXTS.pictureUpdated }),
    ).toBeVisible();
    const navAvatar = page.getByRole('button', { name: `Account menu for ${user.username}` }).locator('img');
    await expect(navAvatar).toHaveAttribute('src', new RegExp(`^/api/users/${user.username}/picture/`));
    const first = (await navAvatar.getAttribute('src'))!;

    await file.setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: await picture('#264653') });
    await expect(navAvatar).not.toHaveAttribute('src', first);
    const second = (await navAvatar.getAttribute('src'))!;
    await gotoRoute(page, `/userprofile/${user.username}`);
    await expect(page.locator(`img[src="${second}"]`).first()).toBeVisible();
    await expect(page.locator(`img[src="${first}"]`)).toHaveCount(0);

    await gotoRoute(page, '/profile');
    await page.getByRole('tab', { name: 'Picture' }).click();
    await page.getByRole('button', { name: PROFILE_TEXTS.removePicture }).click();
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: PROFILE_TEXTS.pictureRemoved }),
    ).toBeVisible();
    // From the removal on, no view asks for the removed picture.
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/picture/')) asked.push(new URL(r.url()).pathname + new URL(r.url()).search);
    });
    await expect(page.locator('img[src*="/picture/"]')).toHaveCount(0);
    // Without a picture the navbar shows the generated avatar, as the profile pages do.
    await expect(navAvatar).toHaveAttribute('src', /^data:image\/svg\+xml/);
    await gotoRoute(page, `/userprofile/${user.username}`);
    await expect(page.getByRole('heading', { level: 1, name: user.username })).toBeVisible();
    await expect(page.locator('img[src*="/picture/"]')).toHaveCount(0);
    expect(asked.filter((url) => url === second)).toEqual([]);
  });

  test("a public picture shows beside the user's chat messages", async ({ page, user, browser, baseURL }) => {
    const other = await newUser(browser, baseURL);
    await saveProfile(other.context.request, { pictureColor: '#2a9d8f' });
    await saveProfile(other.context.request, { profile_picture_private: false });
    const room = await createGroupViaApi(other.context.request, 'Faces', [user.username]);
    const id = await postViaApi(other.context.request, room, 'see my face');
    await other.context.close();
    await page.goto(`/#/chat/${room}`);
    await expect(
      page.locator(`#message-${id} img[src^="/api/users/${other.username}/picture/"]`),
    ).toBeVisible();
  });

  test("an open chat follows an author's new picture without a reload", async ({
    page,
    user,
    browser,
    baseURL,
  }) => {
    const other = await newUser(browser, baseURL);
    const room = await createGroupViaApi(other.context.request, 'New faces', [user.username]);
    const id = await postViaApi(other.context.request, room, 'a new picture soon');
    await page.goto(`/#/chat/${room}`);
    const avatar = page.locator(`#message-${id} img`).first();
    // No picture yet: the generated avatar.
    await expect(avatar).toHaveAttribute('src', /^data:image\/svg\+xml/);
    await saveProfile(other.context.request, { pictureColor: '#e76f51' });
    // Private at first (the default); shown to everyone, it appears beside the message with no reload.
    await saveProfile(other.context.request, { profile_picture_private: false });
    await expect(avatar).toHaveAttribute('src', new RegExp(`^/api/users/${other.username}/picture/`));
    // Hidden again, it goes.
    await saveProfile(other.context.request, { profile_picture_private: true });
    await expect(avatar).toHaveAttribute('src', /^data:image\/svg\+xml/);
    await other.context.close();
  });

  test("rankings say '1 reaction' in the singular", async ({ page, user, browser, baseURL }) => {
    const other = await newUser(browser, baseURL);
    const room = await createGroupViaApi(page.request, 'One fan', [other.username]);
    const id = await postViaApi(page.request, room, 'react once');
    const res = await other.context.request.post(`/api/messages/${id}/react/`, {
      data: { emoji: '👍' },
      headers: await csrfHeader(other.context.request),
    });
    expect(res.ok(), await res.text()).toBe(true);
    await other.context.close();
    await gotoRoute(page, '/rankings');
    const mine = page.locator('li[aria-current="true"]').filter({ hasText: user.username });
    await expect(mine).toContainText('1 reaction');
    await expect(mine).not.toContainText('1 reactions');
  });
});
