import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { EXPORT_TEXTS } from '@studium/protocol';
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

test('Settings › Export my data prepares the zip with a progress bar, downloads it, and the zip holds the data', async ({
  page,
  user,
}) => {
  const blurb = `Reading group on topology ${Date.now()}`;
  const saved = await page.request.post('/api/profile/', {
    data: { profile_blurb: blurb },
    headers: await csrfHeader(page.request),
  });
  expect(saved.status()).toBe(200);

  await gotoRoute(page, '/profile');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: EXPORT_TEXTS.title })).toBeVisible();
  // The bar may show only for a moment with little data: record every state it shows.
  await page.evaluate((label) => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector(`[role="progressbar"][aria-label="${label}"]`);
      const value = bar?.getAttribute('aria-valuenow');
      if (value !== null && value !== undefined && seen.at(-1) !== value) seen.push(value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  }, EXPORT_TEXTS.progressLabel);
  await page.getByRole('button', { name: EXPORT_TEXTS.start }).click();
  await expect(page.getByText(EXPORT_TEXTS.ready, { exact: true }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/^Available until /)).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.map(Number).every((n) => n >= 0 && n < 100)).toBe(true);
  await expectNoSeriousA11yViolations(page, '#main');

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: EXPORT_TEXTS.download }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^studium-export-${user.username}-.*\\.zip$`));
  const zip = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  expect(Object.keys(zip)).toContain('README.txt');
  const account = JSON.parse(strFromU8(zip['account.json']!));
  expect(account.username).toBe(user.username);
  const profile = JSON.parse(strFromU8(zip['profile.json']!));
  expect(profile.profile.profile_blurb).toBe(blurb);
  expect(profile.profile.profile_blurb_private).toBe(true);
  const sessions = JSON.parse(strFromU8(zip['sessions.json']!));
  expect(sessions.sessions[0].device).toBe('Headless Chrome on Linux');
  expect(JSON.stringify(sessions)).not.toContain('token');

  // After a reload the export is still there, and the panel reads well in dark mode too.
  await page.evaluate(() => localStorage.setItem('darkmode_enabled', '1'));
  await page.reload();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('link', { name: EXPORT_TEXTS.download })).toBeVisible();
  await expect(page.getByRole('button', { name: EXPORT_TEXTS.again })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '#main');
});

test("another user's browser cannot download the export", async ({ page, user, browser, baseURL }) => {
  const started = await page.request.post('/api/export/', { headers: await csrfHeader(page.request) });
  expect(started.status()).toBe(202);
  await expect
    .poll(async () => (await (await page.request.get('/api/export/')).json()).export.status)
    .toBe('ready');
  const { export: ready } = await (await page.request.get('/api/export/')).json();
  const own = await page.request.get(ready.download_url);
  expect(own.status()).toBe(200);
  expect(own.headers()['content-disposition']).toContain(`studium-export-${user.username}-`);

  const stranger = await browser.newContext({ baseURL });
  const name = uniqueUsername('stranger');
  await registerViaApi(stranger.request, name);
  await loginViaApi(stranger.request, name);
  expect((await stranger.request.get(ready.download_url)).status()).toBe(404);
  await stranger.close();
});
