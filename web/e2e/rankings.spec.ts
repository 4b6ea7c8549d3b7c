import type { APIRequestContext, Browser } from '@playwright/test';
import { RANKINGS_TEXTS } from '@studium/protocol';
import {
  expect,
  expectNoSeriousA11yViolations,
  gotoRoute,
  loginViaApi,
  registerViaApi,
  routeOf,
  test,
  uniqueUsername,
} from './fixtures';

const HTTP_ERROR = /Failed to load resource/;

async function csrfHeaders(request: APIRequestContext) {
  await request.get('/api/csrf/');
  const token = (await request.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  return { 'X-CSRFToken': token };
}

/** Posts a message as the page's user in the first public room; returns its id. */
async function postMessage(request: APIRequestContext, content: string): Promise<number> {
  const rooms = (await (await request.get('/api/rooms/?parent=root&kind=public')).json()) as {
    rooms: Array<{ id: number }>;
  };
  const res = await request.post(`/api/rooms/${rooms.rooms[0]!.id}/messages/`, {
    data: { content },
    headers: await csrfHeaders(request),
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: number }).id;
}

/** A fresh user in a context of their own reacts to the message. */
async function reactAsNewUser(browser: Browser, baseURL: string | undefined, messageId: number) {
  const context = await browser.newContext({ baseURL });
  const username = uniqueUsername('fan');
  await registerViaApi(context.request, username);
  await loginViaApi(context.request, username);
  const res = await context.request.post(`/api/messages/${messageId}/react/`, {
    data: { emoji: '👍' },
    headers: await csrfHeaders(context.request),
  });
  expect(res.ok(), await res.text()).toBe(true);
  await context.close();
}

test.describe('rankings', () => {
  test('lists all time and today, with my own row highlighted', async ({ page, user, browser, baseURL }) => {
    const id = await postMessage(page.request, 'Rank me, please');
    await reactAsNewUser(browser, baseURL, id);
    await reactAsNewUser(browser, baseURL, id);

    await gotoRoute(page, '/rankings');
    await expect(page.getByRole('heading', { level: 1, name: 'Rankings' })).toBeVisible();
    // The page says how scores count, with the server's daily number.
    await expect(page.getByText(RANKINGS_TEXTS.rules(5))).toBeVisible();
    const mine = page.locator('li[aria-current="true"]');
    await expect(mine).toContainText(user.username);
    await expect(mine).toContainText('2 reactions');
    await expect(mine.getByRole('link', { name: user.username })).toHaveAttribute(
      'href',
      `#/userprofile/${user.username}`,
    );
    await expectNoSeriousA11yViolations(page, '#main');

    await page.getByRole('tab', { name: 'Today' }).click();
    await expect(page.locator('li[aria-current="true"]')).toContainText('2 today');

    await page.locator('li[aria-current="true"]').getByRole('link', { name: user.username }).click();
    expect(routeOf(page)).toBe(`/userprofile/${user.username}`);
    await expect(page.getByText('Reactions received')).toBeVisible();
  });

  test('shows my position when I am not in the list', async ({ page, user }) => {
    await page.route('**/api/rankings/', (route) =>
      route.fulfill({
        json: {
          rankings: [{ username: 'someone_else', total_reactions: 9, total_reactions_day: 1 }],
          rules: { pair_daily_limit: 5 },
        },
      }),
    );
    await gotoRoute(page, '/rankings');
    await expect(page.getByRole('link', { name: 'someone_else' })).toBeVisible();
    await expect(page.getByText(`${RANKINGS_TEXTS.you}: ${RANKINGS_TEXTS.unranked}.`)).toBeVisible();
    void user;
  });

  test('shows an empty state, and an error with Retry', async ({ page, user, allowConsoleError }) => {
    void user;
    allowConsoleError(HTTP_ERROR);
    await page.route('**/api/rankings/', (route) => route.fulfill({ status: 500, body: '' }));
    await gotoRoute(page, '/rankings');
    await expect(page.getByText(RANKINGS_TEXTS.loadFailed)).toBeVisible();
    await page.unroute('**/api/rankings/');
    await page.route('**/api/rankings/', (route) =>
      route.fulfill({ json: { rankings: [], rules: { pair_daily_limit: 5 } } }),
    );
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText(RANKINGS_TEXTS.empty)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Chat Rooms' })).toBeVisible();
  });
});
