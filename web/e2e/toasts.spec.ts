import type { Page } from '@playwright/test';
import { TEXTS, TOAST_DEFAULTS } from '@studium/protocol';
import { expect, gotoRoute, test } from './fixtures';

/** /rankings sends a visitor to /login with a toast: an easy one to get. */
async function showToast(page: Page) {
  await page.clock.install();
  await gotoRoute(page, '/rankings');
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: TEXTS.auth.rankingsLoginRequired });
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  return toast;
}

async function drag(page: Page, toast: ReturnType<Page['locator']>, dx: number) {
  const box = (await toast.boundingBox())!;
  // From the padding, not the text: a drag over text selects it, and the next one would drag
  // the selection.
  const x = box.x + 6;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 5 });
  // A slow drag: sonner also dismisses on a fast flick, whatever its length.
  await page.clock.fastForward(1000);
  await page.mouse.up();
}

test('a toast swiped 20 px to the right goes; a shorter swipe keeps it', async ({ page }) => {
  const toast = await showToast(page);
  await drag(page, toast, TOAST_DEFAULTS.swipeThresholdPx - 8);
  await expect(toast).toHaveAttribute('data-swiping', 'false');
  await expect(toast).toHaveAttribute('data-removed', 'false');
  await drag(page, toast, TOAST_DEFAULTS.swipeThresholdPx + 2);
  await expect(toast).toHaveCount(0);
});

test('toasts keep their 32 px offset on a phone, from the top', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const toast = await showToast(page);
  await expect
    .poll(async () => {
      const box = (await toast.boundingBox())!;
      return [Math.round(360 - box.x - box.width), Math.round(box.y)];
    })
    .toEqual([TOAST_DEFAULTS.offsetPx, TOAST_DEFAULTS.offsetPx]);
});

test('on a phone a toast comes from the top and covers no form field', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const toast = await showToast(page);
  await page.getByLabel('Username').focus();
  const box = (await toast.boundingBox())!;
  expect(box.y).toBeLessThan(844 / 2);
  for (const field of await page.getByRole('textbox').all()) {
    const f = (await field.boundingBox())!;
    const overlaps = box.y < f.y + f.height && f.y < box.y + box.height;
    expect(overlaps, 'toast over a field').toBe(false);
  }
});
