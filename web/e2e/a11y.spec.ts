import { request as apiRequest } from '@playwright/test';
import { historyResponse } from '@studium/protocol';
import { messageWith, openChat, postViaApi, roomByPath } from './chat-helpers';
import { openDmViaApi, sendMessagesViaApi } from './dm-helpers';
import {
  csrfHeader,
  expect,
  expectNoSeriousA11yViolations,
  gotoRoute,
  loginViaApi,
  registerViaApi,
  test,
  uniqueUsername,
} from './fixtures';

const PUBLIC_PAGES = ['/', '/login', '/register', '/about', '/patch-notes', '/missing-page'];
const USER_PAGES = [
  '/',
  '/home',
  '/chat/1',
  '/profile',
  '/onboarding',
  '/dms',
  '/notifications',
  '/rankings',
];

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

    test('a chat room with reactions, an unread badge and its details dialog has no serious axe violations', async ({
      page,
      user,
      baseURL,
    }) => {
      const csrf = await csrfHeader(page.request);
      await page.request.post('/api/profile/settings/darkmode/', {
        data: { darkmode_enabled: theme === 'dark' },
        headers: csrf,
      });
      const room = await roomByPath(page.request, 'humanities.history');
      const text = `React to me ${uniqueUsername()}`;
      await postViaApi(page.request, room.id, text);

      // Another user reacts next to this one (a count of 2) and writes a DM (the unread badge).
      const other = await apiRequest.newContext({ baseURL });
      const otherName = uniqueUsername('r');
      await registerViaApi(other, otherName);
      await loginViaApi(other, otherName);
      const history = await page.request.get(`/api/rooms/${room.id}/messages/`);
      const message = historyResponse.parse(await history.json()).messages.find((m) => m.message === text);
      expect(message).toBeDefined();
      for (const [request, emoji] of [
        [page.request, '👍'],
        [other, '👍'],
        [other, '❤️'],
        [other, '🎉'],
      ] as const) {
        const res = await request.post(`/api/messages/${message!.id}/react/`, {
          data: { emoji },
          headers: await csrfHeader(request),
        });
        expect(res.ok(), await res.text()).toBe(true);
      }
      await sendMessagesViaApi(other, await openDmViaApi(other, user.username), 1, 'hello');

      await openChat(page, room.id);
      const mine = messageWith(page, text);
      await expect(mine.getByRole('button', { name: 'thumbs up, 2' })).toBeVisible();
      await expect(mine.getByRole('button', { name: 'heart, 1' })).toBeVisible();
      await expect(page.getByTestId('unread-badge')).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Room actions' }).click();
      await page.getByRole('menuitem', { name: 'Room details' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousA11yViolations(page, '[role="dialog"]');
      await other.dispose();
    });
  });
}
