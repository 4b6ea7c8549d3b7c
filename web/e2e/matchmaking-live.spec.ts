import type { Page } from '@playwright/test';
import { MATCHMAKING_TEXTS, PARTY_TEXTS } from '@studium/protocol';
import { secondUser } from './chat-helpers';
import { expect, gotoRoute, newestToast, routeOf, test, toast } from './fixtures';
import { createIntentViaApi, notificationSocketReady, openTab, savePartyViaApi } from './matchmaking-helpers';

/*
 * The other user's matchmaking page is not on screen when the event happens: they opened it once,
 * went to another screen, and come back to it in the app (no reload), within the lists' cache
 * time. What they see must be what the server now says.
 */

const t = PARTY_TEXTS;

const partyCard = (page: Page) => page.getByRole('region', { name: t.activeParty });
const recommendation = (page: Page, owner: string) =>
  page.getByTestId('party-recommendation').filter({ hasText: owner });

/** Opens /matchmake with the notification socket ready, so nothing said from now on is missed. */
async function openMatchmaking(page: Page, route = '/matchmake') {
  const ready = notificationSocketReady(page);
  await gotoRoute(page, route);
  await ready;
}

test('an offer, then a match, show on the other owner’s Group tab when they come back to it', async ({
  page,
  user,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const topic = 'cs-230';
  await savePartyViaApi(page.request, user.username, topic);
  const other = await secondUser(browser, baseURL);
  await savePartyViaApi(other.page.request, other.username, topic);

  // The other owner sees this party once, then goes to the chat rooms.
  await openMatchmaking(other.page);
  const ours = recommendation(other.page, user.username);
  await expect(ours).toBeVisible({ timeout: 15_000 });
  await expect(ours).not.toContainText(t.theyAcceptedYou);
  await openTab(other.page, 'chatRooms');

  await openMatchmaking(page);
  await recommendation(page, other.username).getByRole('button', { name: 'Accept' }).click();
  await expect(toast(page, t.acceptanceRecorded)).toBeVisible();

  // The offer came while their page was closed.
  await openTab(other.page, 'matchmaking');
  await expect(ours).toContainText(t.theyAcceptedYou);

  // Now this owner is away when the other completes the match.
  await openTab(page, 'directMessages');
  const accepted = other.page.waitForResponse((r) => /\/api\/party\/\d+\/accept$/.test(r.url()));
  await ours.getByRole('button', { name: 'Accept' }).click();
  const { room_id: room } = (await (await accepted).json()) as { room_id: number };
  await expect.poll(() => routeOf(other.page)).toBe(`/chat/${room}`);

  await openTab(page, 'matchmaking');
  await expect(partyCard(page).getByTestId('party-status')).toHaveText('Matched');
  const matches = page.getByRole('region', { name: t.yourMatches });
  await expect(matches.getByRole('link', { name: 'CS-230 study group' })).toHaveAttribute(
    'href',
    `#/chat/${room}`,
  );
  await page.getByRole('tab', { name: t.pending }).click();
  await expect(page.getByText(t.noPending)).toBeVisible();

  expect(other.errors).toEqual([]);
  await other.context.close();
});

test('a withdrawn acceptance and a decline leave the other owner’s lists while they are away', async ({
  page,
  user,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const topic = 'cs-240';
  await savePartyViaApi(page.request, user.username, topic);
  const other = await secondUser(browser, baseURL);
  await savePartyViaApi(other.page.request, other.username, topic);

  await openMatchmaking(page);
  await recommendation(page, other.username).getByRole('button', { name: 'Accept' }).click();
  await expect(toast(page, t.acceptanceRecorded)).toBeVisible();

  await openMatchmaking(other.page);
  const ours = recommendation(other.page, user.username);
  await expect(ours).toContainText(t.theyAcceptedYou, { timeout: 15_000 });
  await openTab(other.page, 'chatRooms');

  // Withdrawn while they are away: 'They accepted you' is gone when they come back.
  await page.getByRole('tab', { name: t.pending }).click();
  const pending = page.getByTestId('party-pending').filter({ hasText: other.username });
  await pending.getByRole('button', { name: t.cancelAcceptance }).click();
  await expect(toast(page, t.acceptanceCancelled)).toBeVisible();
  await openTab(other.page, 'matchmaking');
  await expect(ours).toBeVisible();
  await expect(ours).not.toContainText(t.theyAcceptedYou);

  // Accepted again; then declined by the other while this owner is away.
  await page.getByRole('tab', { name: t.recommendations }).click();
  await recommendation(page, other.username).getByRole('button', { name: 'Accept' }).click();
  // The first acceptance's toast may still be on screen: the newest one is this acceptance's.
  await expect(newestToast(page)).toContainText(t.acceptanceRecorded);
  await openTab(page, 'directMessages');
  await expect(ours).toContainText(t.theyAcceptedYou);
  await ours.getByRole('button', { name: 'Decline' }).click();
  await expect(toast(other.page, t.declined)).toBeVisible();

  await openTab(page, 'matchmaking');
  await expect(page.getByRole('tab', { name: t.pending })).toHaveText(`${t.pending} (0)`);
  await page.getByRole('tab', { name: t.pending }).click();
  await expect(page.getByText(t.noPending)).toBeVisible();
  await page.getByRole('tab', { name: t.recommendations }).click();
  await expect(recommendation(page, other.username)).toHaveCount(0);
  await expect(page.getByText(t.noCandidates)).toBeVisible();

  expect(other.errors).toEqual([]);
  await other.context.close();
});

test('a tutoring match shows on the tutor’s page when they come back to it', async ({
  page,
  user,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const m = MATCHMAKING_TEXTS;
  const course = 'bio-102';
  await createIntentViaApi(page.request, 'tutor', { course_code: course, capacity: 3 });
  const tutoree = await secondUser(browser, baseURL);
  await createIntentViaApi(tutoree.page.request, 'tutoree', { course_code: course });

  await openMatchmaking(page, '/matchmake?tab=tutoring&role=tutor');
  const yourMatches = page.getByRole('region', { name: m.yourMatches });
  await expect(yourMatches).toContainText(m.noMatchesYet, { timeout: 15_000 });
  const them = page.getByTestId('recommendation').filter({ hasText: tutoree.username });
  await expect(them).toBeVisible();
  await openTab(page, 'chatRooms');

  await openMatchmaking(tutoree.page, '/matchmake?tab=tutoring&role=tutoree');
  const tutor = tutoree.page.getByTestId('recommendation').filter({ hasText: user.username });
  await tutor.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(tutoree.page, m.matchAccepted)).toBeVisible();
  await expect.poll(() => routeOf(tutoree.page)).toMatch(/^\/chat\/\d+$/);
  const dm = routeOf(tutoree.page);

  // Back to the tutoring tab, in the app.
  await page.goBack();
  await expect.poll(() => routeOf(page)).toBe('/matchmake');
  const match = yourMatches.getByTestId('tutoring-match').filter({ hasText: tutoree.username });
  await expect(match.getByRole('link', { name: m.openChat })).toHaveAttribute('href', `#${dm}`);
  await expect(page.getByTestId('places-left')).toHaveText(m.placesLeft(2, 3));
  await expect(them).toHaveCount(0);

  expect(tutoree.errors).toEqual([]);
  await tutoree.context.close();
});
