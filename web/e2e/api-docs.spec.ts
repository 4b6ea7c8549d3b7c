import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

// The API's page (docs/operations.md, "API description"): the OpenAPI document rendered by the
// server, browsable without a script under the app's strict CSP. A style the policy refused
// would show as a console error, which the fixtures fail on.
test('GET /api/docs lists the operations by feature and opens one', async ({ page }) => {
  // One page holds the whole API with every schema (~130 kB), and axe reads it twice.
  test.slow();
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { level: 1, name: /API$/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Rooms' })).toBeVisible();

  const operation = page.locator('summary', { hasText: 'GET /api/rooms/{room}/messages/' });
  await expect(operation).toBeVisible();
  await expect(
    page.locator('details > summary').filter({ hasText: /^(GET|POST|PATCH|DELETE) / }),
  ).not.toHaveCount(0);
  await operation.click();
  const details = page.locator('details', { has: operation });
  await expect(details.getByRole('cell', { name: 'before', exact: true })).toBeVisible();
  await expect(details.getByRole('link', { name: 'HistoryResponse' })).toBeVisible();

  // A referenced shape is one click away.
  await details.getByRole('link', { name: 'HistoryResponse' }).click();
  await expect(
    page.getByRole('heading', { level: 3, name: 'HistoryResponse', exact: true }),
  ).toBeInViewport();

  // The page's style sheet is applied.
  const weight = await operation.locator('.method').evaluate((el) => getComputedStyle(el).fontWeight);
  expect(weight).toBe('700');
  // Checked on the header and one feature: the whole page (every schema) takes axe too long.
  await expectNoSeriousA11yViolations(page, 'header');
  await expectNoSeriousA11yViolations(page, 'main > section:first-of-type');
});
