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
 * Waits until the service worker has kept its copy of a chat room's reads (the room and its
 * latest messages). It answers the page from the network first and stores the answer after, so a
 * test that goes offline as soon as the room has rendered can find the copy not yet written.
 */
export async function waitForKeptRoom(page: Page, roomId: number) {
  const paths = [`/api/rooms/${roomId}/`, `/api/rooms/${roomId}/messages/`];
  await expect
    .poll(() =>
      page.evaluate(async (wanted) => {
        const cache = await caches.open('studium-api');
        const kept = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
        return wanted.filter((path) => !kept.has(path));
      }, paths),
    )
    .toEqual([]);
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
