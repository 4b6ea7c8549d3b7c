import type { APIRequestContext, Page } from '@playwright/test';
import { TEXTS, type PartyPayloadInput, type TutoringRole } from '@studium/protocol';
import { csrfHeader, expect, routeOf } from './fixtures';

/** A party on `topic` owned by the request's user; `teammates` are registered members besides them. */
export async function savePartyViaApi(
  request: APIRequestContext,
  owner: string,
  topic: string,
  teammates: string[] = [],
): Promise<number> {
  const members: PartyPayloadInput['members'] = [
    { username: owner, display_name: owner, is_owner: true },
    ...teammates.map((username) => ({ username, display_name: username })),
  ];
  const payload: PartyPayloadInput = {
    topic_key: topic,
    target_size: 6,
    existing_member_count: members.length,
    modality: 'remote',
    languages: 'en',
    availability: [{ day: 'wed', start: '10:00', end: '12:00' }],
    members,
  };
  const res = await request.post('/api/party/active', { data: payload, headers: await csrfHeader(request) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { party: { id: number } }).party.id;
}

/** POST /api/party/{id}/accept: the offer's new state and, for a match, its room. */
export async function acceptPartyViaApi(request: APIRequestContext, partyId: number, otherPartyId: number) {
  const res = await request.post(`/api/party/${partyId}/accept`, {
    data: { other_party_id: otherPartyId },
    headers: await csrfHeader(request),
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { state: string; room_id: number | null };
}

/** POST /api/intent/{role} {mode:'create', …}: the new intent's id. */
export async function createIntentViaApi(
  request: APIRequestContext,
  role: TutoringRole,
  fields: Record<string, unknown>,
): Promise<number> {
  const res = await request.post(`/api/intent/${role}`, {
    data: { mode: 'create', modality: 'online', ...fields },
    headers: await csrfHeader(request),
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return ((await res.json()) as { intent: { id: number } }).intent.id;
}

/** Resolves once the page's notification socket has said hello (its `notification.init` frame). */
export function notificationSocketReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/ws/notifications/')) return;
      ws.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"notification.init"')) resolve();
      });
    });
  });
}

type NavTab = 'chatRooms' | 'directMessages' | 'matchmaking';
const TAB_ROUTES: Record<NavTab, string> = {
  chatRooms: '/home',
  directMessages: '/dms',
  matchmaking: '/matchmake',
};

/** Goes to another screen through the navbar, as a user does: no reload, the app and its socket stay. */
export async function openTab(page: Page, tab: NavTab) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: TEXTS.nav[tab], exact: true })
    .click();
  await expect.poll(() => routeOf(page)).toBe(TAB_ROUTES[tab]);
}
