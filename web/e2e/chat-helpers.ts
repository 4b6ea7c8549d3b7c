import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { RoomDetail } from '@studium/protocol';
import { csrfHeader, loginViaApi, registerViaApi, retryingOnReset, uniqueUsername } from './fixtures';

/** A room's detail by its unique path (the API accepts a path wherever it takes a room id). */
export async function roomByPath(request: APIRequestContext, path: string): Promise<RoomDetail> {
  const res = await request.get(`/api/rooms/${encodeURIComponent(path)}/`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as RoomDetail;
}

/** Joins a room and posts a message through the REST API (`reply_to` makes it a reply); its id. */
export async function postViaApi(
  request: APIRequestContext,
  roomId: number,
  content: string,
  extra: { reply_to?: number } = {},
): Promise<number> {
  const [id] = await postManyViaApi(request, roomId, [{ content, ...extra }]);
  return id!;
}

/** Edits a message through the REST API (PATCH /api/messages/{id}/). */
export async function editViaApi(request: APIRequestContext, messageId: number, content: string) {
  const res = await request.patch(`/api/messages/${messageId}/`, {
    data: { content },
    headers: await csrfHeader(request),
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Joins a room once and posts the messages in order through the REST API; their ids. */
export async function postManyViaApi(
  request: APIRequestContext,
  roomId: number,
  messages: Array<string | { content: string; reply_to?: number }>,
): Promise<number[]> {
  const headers = await csrfHeader(request);
  await request.post(`/api/rooms/${roomId}/join/`, { headers });
  const ids: number[] = [];
  for (const message of messages) {
    const data = typeof message === 'string' ? { content: message } : message;
    const res = await request.post(`/api/rooms/${roomId}/messages/`, { data, headers });
    expect(res.ok(), await res.text()).toBe(true);
    ids.push(((await res.json()) as { id: number }).id);
  }
  return ids;
}

/** A second, logged-in user in its own browser context, with its own console-error guard. */
export async function secondUser(browser: Browser, baseURL?: string) {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  retryingOnReset(context.request);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/mark_read/.test(msg.location().url))
      errors.push(`${msg.text()} @ ${msg.location().url}`);
  });
  page.on('pageerror', (err) => errors.push(err.message));
  const username = uniqueUsername('b');
  await registerViaApi(page.request, username);
  await loginViaApi(page.request, username);
  return { context, page, username, errors };
}

/** The message article whose text contains `text`. */
export function messageWith(page: Page, text: string | RegExp) {
  return page.getByRole('log', { name: 'Messages' }).getByRole('article').filter({ hasText: text });
}

/**
 * Opens a chat room and waits (up to `timeout` ms for each step) for its live connection. The
 * composer is there, disabled, in the room's frame already: enabled, it is the room's.
 */
export async function openChat(page: Page, roomId: number, timeout = 10_000) {
  await page.goto(`/#/chat/${roomId}`);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled({ timeout });
  await expect(page.getByText(/Connecting…|Reconnecting…/)).toHaveCount(0, { timeout });
}

/**
 * Waits until the server has stored the viewer's message with `text` (it has its id, no longer
 * pending in the outbox): ↑ in the empty composer edits the last stored message.
 */
export async function expectStored(page: Page, text: string | RegExp) {
  await expect(messageWith(page, text)).toHaveAttribute('data-message-id', /^\d+$/);
}

/** Types into the composer and sends with Enter. */
export async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}
