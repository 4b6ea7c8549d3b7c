import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { secondUser } from './chat-helpers';
import { csrfHeader } from './fixtures';

/** POST /api/dms/ {username} → the DM room's id. */
export async function openDmViaApi(request: APIRequestContext, username: string): Promise<number> {
  const res = await request.post('/api/dms/', { data: { username }, headers: await csrfHeader(request) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { room: number }).room;
}

/** POST /api/dms/groups/ {name, usernames} → the group room's id. */
export async function createGroupViaApi(
  request: APIRequestContext,
  name: string,
  usernames: string[],
): Promise<number> {
  const res = await request.post('/api/dms/groups/', {
    data: { name, usernames },
    headers: await csrfHeader(request),
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { room: number }).room;
}

/**
 * A second user (`secondUser`) with a group of its own, named `prefix` and a unique tail, whose
 * other members are `members`: the start of every test where someone else writes to the reader.
 */
export async function secondUserWithGroup(
  browser: Browser,
  baseURL: string | undefined,
  prefix: string,
  members: string[],
) {
  const alice = await secondUser(browser, baseURL);
  const name = `${prefix} ${Date.now().toString(36)}`;
  const group = await createGroupViaApi(alice.page.request, name, members);
  return { alice, group, name };
}

/** Sends `count` messages to a room over REST, `parallel` at a time. */
export async function sendMessagesViaApi(
  request: APIRequestContext,
  room: number,
  count: number,
  prefix = 'msg',
  parallel = 10,
) {
  const headers = await csrfHeader(request);
  for (let start = 0; start < count; start += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - start) }, (_, i) =>
      request.post(`/api/rooms/${room}/messages/`, {
        data: { content: `${prefix} ${start + i + 1}` },
        headers,
        // A kept-alive connection the server closes (after 5 s idle) just as a send reuses it is
        // reset before the server reads the send: a browser sends it again, and so does this.
        maxRetries: 1,
      }),
    );
    for (const res of await Promise.all(batch)) expect(res.ok(), await res.text()).toBe(true);
  }
}

/** The navbar's Notifications link. */
export function notificationsLink(page: Page) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Notifications/ });
}

/** The conversation row whose text contains `text`. */
export function conversationRow(page: Page, text: string | RegExp) {
  return page.getByTestId('conversation-row').filter({ hasText: text });
}

/** A collapsible section's header button, by its label start ('Direct Messages', 'Group Conversations'). */
export function sectionToggle(page: Page, label: string) {
  return page.getByRole('button', { name: new RegExp(`^${label} \\(\\d+\\)$`) });
}
