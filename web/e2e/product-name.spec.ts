import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { ServerProcess } from './server-process';

// The product's name is one server setting, read when the server starts: the server writes it
// into the page rendered at build time, and the app takes it from the session answer, so the
// same build serves any name.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const server = new ServerProcess(Number(process.env.E2E_PORT ?? 8123) + 52, path.join(root, 'web', 'dist'), {
  PRODUCT_NAME: 'Quorum',
});

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
