import { SESSIONS_TEXTS } from '@studium/protocol';
import { expect, gotoRoute, loginViaApi, test } from './fixtures';

test('Settings lists the sessions and logs out the others, which lose their login at once', async ({
  page,
  user,
  browser,
  baseURL,
}) => {
  // The same account on a second device.
  const other = await browser.newContext({ baseURL });
  await loginViaApi(other.request, user.username);
  const otherPage = await other.newPage();
  await gotoRoute(otherPage, '/home');

  await gotoRoute(page, '/profile');
  await page.getByRole('tab', { name: 'Settings' }).click();
  const list = page.getByRole('list', { name: SESSIONS_TEXTS.title });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText(SESSIONS_TEXTS.thisDevice);
  await expect(list.getByRole('listitem').first()).toContainText('Headless Chrome on Linux');

  await page.getByRole('button', { name: SESSIONS_TEXTS.logOutOthers }).click();
  await expect(page.getByText(SESSIONS_TEXTS.othersRevoked(1))).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText(SESSIONS_TEXTS.noOthers)).toBeVisible();

  // The other device is logged out: its next call is refused, and it is sent to the login form.
  const session = await (await other.request.get('/api/session/')).json();
  expect(session.is_authenticated).toBe(false);
  await otherPage.reload();
  await expect(otherPage.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await other.close();
});
