import path from 'node:path';
import type { Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { expect, loginViaApi, registerViaApi, test, uniqueUsername } from './fixtures';
import { roomByPath } from './chat-helpers';
import { ServerProcess } from './server-process';

// The product's name is one server setting, read when the server starts: the server writes it
// into the page rendered at build time, and the app takes it from the session answer, so the
// same build serves any name.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const server = new ServerProcess(Number(process.env.E2E_PORT ?? 8123) + 52, path.join(root, 'web', 'dist'), {
  PRODUCT_NAME: 'Quorum',
});

// One server for the file's tests, started once: they run one after another, in one worker.
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

test('PRODUCT_NAME names the product on the first paint and in the app, without a rebuild', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  // The landing page as the server sends it, before any script runs, names it too.
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('<title>Quorum</title>');
  expect(html).not.toMatch(/Studium|%PRODUCT_NAME%/);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Quorum brings your courses', { exact: false })).toBeVisible();

  await page.goto('/#/register');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Quorum' }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Quorum');
  await context.close();
});

test("the frames of /home and a chat, painted before the app, name the product by the server's PRODUCT_NAME", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const username = uniqueUsername('q');
  await registerViaApi(context.request, username);
  await loginViaApi(context.request, username);
  const room = await roomByPath(context.request, 'humanities.philosophy');
  // The app's entry held back: what shows is the page as the server sent it, and its boot script.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  const brand = (page: Page) =>
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Quorum' });
  const pages = [];
  for (const route of ['/#/home', `/#/chat/${room.id}`]) {
    const page = await context.newPage();
    // Not to its load: the held entry holds it back.
    await page.goto(route, { waitUntil: 'commit' });
    await expect(page.locator('#root > [data-prerendered-route]')).toBeAttached();
    await expect(brand(page)).toBeVisible();
    expect(await page.locator('#root').textContent()).not.toMatch(/Studium|%PRODUCT_NAME%/);
    pages.push(page);
  }
  // The app takes the frame's place and names the product the same.
  release();
  for (const page of pages) {
    // The app starts once its frame has been painted: in a tab on screen.
    await page.bringToFront();
    await expect(page.locator('#root > [data-prerendered-route]')).not.toBeAttached({ timeout: 15_000 });
    await expect(brand(page)).toBeAttached();
  }
  await expect(pages[1]!.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  await context.close();
});
