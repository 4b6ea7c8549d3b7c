import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The pending or failed bubble of the viewer's own message whose text contains `text`. */
export function outboxBubble(page: Page, text: string | RegExp) {
  return page
    .getByRole('log', { name: 'Messages' })
    .locator('article[data-outbox]')
    .filter({ hasText: text });
}

/** A stored message (not an outbox bubble) whose text contains `text`. */
export function storedMessage(page: Page, text: string | RegExp) {
  return page
    .getByRole('log', { name: 'Messages' })
    .locator('article[data-message-id]')
    .filter({ hasText: text });
}

/** The texts of a room's latest 50 stored messages, oldest first, as the REST history answers them. */
export async function storedTexts(request: APIRequestContext, roomId: number): Promise<string[]> {
  const res = await request.get(`/api/rooms/${roomId}/messages/?limit=50`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { messages: { message: string }[] }).messages.map((m) => m.message);
}

/** Waits until the service worker is active and controls the page (the next load is served by it). */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/**
 * How many outbox entries the page's IndexedDB holds. The outbox shows a message at once and
 * stores it a moment later: a test that reloads to prove it survives waits for the store first.
 */
export function storedOutboxCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('studium');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('kv')) return resolve(0);
          const count = db.transaction('kv').objectStore('kv').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );
}
