import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, gotoRoute, test } from './fixtures';
import { ServerProcess } from './server-process';

// The installed app's service worker is what these tests are about.
test.use({ serviceWorkers: 'allow' });

const OFFLINE_TEXT = 'You are offline. Reconnecting…';
const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');

/** Waits until the service worker is active and controls the page (the next load is served by it). */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
    .toBe('activated');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('the app is installable: a valid manifest with icons, and an active service worker', async ({
  page,
}) => {
  await gotoRoute(page, '/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const res = await page.request.get(href!);
  expect(res.ok()).toBe(true);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest.name).toBe('Studium');
  expect(manifest.short_name).toBeTruthy();
  expect(manifest.start_url).toBe('/');
  expect(manifest.display).toBe('standalone');
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  const sizes = manifest.icons.filter((i) => i.purpose !== 'maskable').map((i) => i.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const png = await page.request.get(icon.src);
    expect(png.headers()['content-type'], icon.src).toBe('image/png');
  }
  // Both themes colour the browser's chrome.
  await expect(page.locator('meta[name="theme-color"][media*="light"]')).toHaveCount(1);
  await expect(page.locator('meta[name="theme-color"][media*="dark"]')).toHaveCount(1);
  await waitForServiceWorker(page);
});

test('a reload with the network cut shows the app and the offline state, not an error page', async ({
  page,
  context,
  user,
  allowConsoleError,
}) => {
  allowConsoleError(/Failed to load resource|ERR_INTERNET_DISCONNECTED|WebSocket/);
  await gotoRoute(page, '/home');
  await expect(page.getByRole('navigation', { name: 'Main' })).toContainText(user.username.slice(0, 3));
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_TEXT })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_TEXT })).toHaveCount(0, {
    timeout: 15_000,
  });
});

test('a visitor reloading the landing page offline reads it, with the offline state', async ({
  page,
  context,
  allowConsoleError,
}) => {
  allowConsoleError(/Failed to load resource|ERR_INTERNET_DISCONNECTED/);
  await gotoRoute(page, '/');
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  // The app starts (its offline banner shows) and keeps the landing page, not a session spinner.
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_TEXT })).toBeVisible();
  await expect(page.getByText('Checking your session')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test.describe('a new build', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'studium-dist-'));
  const server = new ServerProcess(Number(process.env.E2E_PORT ?? 8123) + 40, dist);
  test.use({ baseURL: server.baseURL });

  test.beforeAll(async () => {
    fs.cpSync(webDist, dist, { recursive: true });
    await server.start();
  });
  test.afterAll(async () => {
    await server.dispose();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  test('is served after a reload once back online', async ({ page, context, allowConsoleError }) => {
    // Two service worker installs, a server restart and three reloads: near 30 s on a busy machine.
    test.slow();
    allowConsoleError(/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED/);
    await gotoRoute(page, '/');
    await waitForServiceWorker(page);

    // Deploy "the next build": a changed page, and a service worker whose precache says so.
    await server.stop();
    const index = path.join(dist, 'index.html');
    fs.writeFileSync(
      index,
      fs.readFileSync(index, 'utf8').replace('</title>', '</title><meta name="build" content="next" />'),
    );
    const sw = path.join(dist, 'sw.js');
    const script = fs.readFileSync(sw, 'utf8');
    const next = script.replace(/(url:"\/",revision:)"[^"]*"/, '$1"next"');
    expect(next).not.toBe(script);
    fs.writeFileSync(sw, next);
    for (const copy of ['sw.js.br', 'sw.js.gz']) fs.rmSync(path.join(dist, copy), { force: true });

    // Offline meanwhile: the old build still starts from the cache.
    await context.setOffline(true);
    await page.reload();
    // The app starts from the cache (its shell says it is offline), and it is the old build.
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_TEXT })).toBeVisible();
    await expect(page.locator('meta[name="build"]')).toHaveCount(0);

    await context.setOffline(false);
    await server.start();
    // The first load online asks for the new worker (the app does on every load), which
    // installs and takes over by itself; once it has, a reload is the new build. Reloading
    // again and again instead raced each load's update check against the next reload: a reload
    // while the new worker still installed was served by the old one.
    await page.reload();
    const newWorkerActive = () =>
      page.evaluate(async () => {
        // The new worker has taken over once the precache holds the page of revision "next" and
        // no other: the worker that activates drops the entries its build no longer lists.
        const revisions: string[] = [];
        for (const name of await window.caches.keys()) {
          const cache = await window.caches.open(name);
          for (const request of await cache.keys()) {
            const url = new URL(request.url);
            const revision = url.searchParams.get('__WB_REVISION__');
            if (url.pathname === '/' && revision) revisions.push(revision);
          }
        }
        const registration = await navigator.serviceWorker.getRegistration();
        if (revisions.join() === 'next' && registration?.active?.state === 'activated') return true;
        // Not yet: ask again, as the next load would (an install can fail on a fetch of the moment).
        if (!registration?.installing) await registration?.update().catch(() => undefined);
        return false;
      });
    await expect.poll(newWorkerActive, { timeout: 20_000 }).toBe(true);
    await page.reload();
    await expect(page.locator('meta[name="build"]')).toHaveCount(1);
  });
});
