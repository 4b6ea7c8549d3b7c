import { expect, test } from './fixtures';

// The browser the tests run in starts as web/e2e/chromium.ts sets it up. Every browser context is
// a window of its own; Chromium's address-bar popup, built for every window unless turned off,
// would cost each of them a renderer of its own (docs/benchmarks.md, "The test suite's time").
test('a new window of the test browser builds no address-bar popup', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  await cdp.detach();
  expect(targetInfos.map((t) => t.url).filter((url) => url.startsWith('chrome://'))).toEqual([]);
  expect(targetInfos.filter((t) => t.type === 'page').length).toBeGreaterThan(0);
  await context.close();
});
