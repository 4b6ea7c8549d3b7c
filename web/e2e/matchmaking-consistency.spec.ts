import type { Page } from '@playwright/test';
import { INVITATION_TEXTS, MATCHMAKING_TEXTS, PARTY_TEXTS } from '@studium/protocol';
import { csrfHeader, expect, gotoRoute, loggedInApi, test } from './fixtures';
import {
  acceptPartyViaApi,
  createIntentViaApi,
  notificationSocketReady,
  openTab,
  savePartyViaApi,
} from './matchmaking-helpers';

/* Every part of the matchmaking page tells the same story as the others. */

const m = MATCHMAKING_TEXTS;
const t = PARTY_TEXTS;
const recommendationsSection = (page: Page) => page.getByRole('region', { name: m.recommendations });

test('next to a tutoring match, the page says there is nobody to recommend, never that there are no matches', async ({
  page,
  user,
  baseURL,
}) => {
  const course = 'econ-102';
  const tutoree = await createIntentViaApi(page.request, 'tutoree', { course_code: course });
  const cleo = await loggedInApi(baseURL!, 'cleo');
  const tutor = await createIntentViaApi(cleo.api, 'tutor', { course_code: course });
  const res = await page.request.post('/api/intent/tutoree/accept', {
    data: { subject_intent_id: tutoree, candidate_intent_id: tutor },
    headers: await csrfHeader(page.request),
  });
  expect(res.status(), await res.text()).toBe(200);
  void user;

  await gotoRoute(page, '/matchmake?tab=tutoring&role=tutoree');
  const yourMatches = page.getByRole('region', { name: m.yourMatches });
  await expect(yourMatches.getByTestId('tutoring-match')).toContainText(cleo.username, { timeout: 15_000 });
  await expect(recommendationsSection(page)).toContainText(m.noRecommendations);
  await expect(page.getByText(/no matches/i)).toHaveCount(0);
  await cleo.api.dispose();
});

test('a tutor with every place taken is told why nobody is recommended', async ({ page, user, baseURL }) => {
  const course = 'chem-102';
  await createIntentViaApi(page.request, 'tutor', { course_code: course, capacity: 1 });
  const [first, second] = [await loggedInApi(baseURL!, 'tee'), await loggedInApi(baseURL!, 'tee')];
  const subject = await createIntentViaApi(first.api, 'tutoree', { course_code: course });
  await createIntentViaApi(second.api, 'tutoree', { course_code: course });
  const recs = await first.api.get('/api/intent/tutoree/recs');
  const [mine] = ((await recs.json()) as { results: Array<{ candidate_intent_id: number }> }).results;
  const accepted = await first.api.post('/api/intent/tutoree/accept', {
    data: { subject_intent_id: subject, candidate_intent_id: mine!.candidate_intent_id },
    headers: await csrfHeader(first.api),
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  void user;

  await gotoRoute(page, '/matchmake?tab=tutoring&role=tutor');
  await expect(page.getByTestId('places-left')).toHaveText(m.placesLeft(0, 1), { timeout: 15_000 });
  await expect(recommendationsSection(page)).toContainText(m.noPlacesLeft);
  await expect(recommendationsSection(page)).not.toContainText(m.noRecommendations);
  await expect(page.getByText(/no matches/i)).toHaveCount(0);
  await first.api.dispose();
  await second.api.dispose();
});

test('a teammate sees the party they are in on the Group tab, and its match when they come back', async ({
  page,
  user,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const topic = 'math-230';
  const [ana, bo] = [await loggedInApi(baseURL!, 'ana'), await loggedInApi(baseURL!, 'bo')];
  const anaParty = await savePartyViaApi(ana.api, ana.username, topic, [user.username]);
  const boParty = await savePartyViaApi(bo.api, bo.username, topic);

  const ready = notificationSocketReady(page);
  await gotoRoute(page, '/matchmake');
  await ready;
  // Listed, the teammate is invited: the party is theirs once they accept.
  const invitation = page.getByTestId('party-invitation').filter({ hasText: ana.username });
  await invitation.getByRole('button', { name: INVITATION_TEXTS.accept }).click({ timeout: 15_000 });
  await expect(invitation).toHaveCount(0);
  const card = page.getByRole('region', { name: t.activeParty });
  await expect(card.getByTestId('party-status')).toHaveText('Active', { timeout: 15_000 });
  await expect(page.getByText(t.noParty)).toHaveCount(0);
  await expect(card).toContainText(ana.username);
  await expect(card.getByRole('listitem').filter({ hasText: user.username })).toContainText(t.member);
  // Only the owner acts for the party; its matches are everyone's.
  await expect(page.getByText(t.ownerDecides(ana.username))).toBeVisible();
  await expect(card.getByRole('button', { name: t.deleteIntent })).toHaveCount(0);
  await expect(card.getByRole('button', { name: t.editIntent })).toHaveCount(0);
  const matches = page.getByRole('region', { name: t.yourMatches });
  await expect(matches).toContainText(t.noMatches);

  // The owners match while the teammate is elsewhere.
  await openTab(page, 'chatRooms');
  await acceptPartyViaApi(ana.api, anaParty, boParty);
  const { room_id: room } = await acceptPartyViaApi(bo.api, boParty, anaParty);
  await openTab(page, 'matchmaking');
  await expect(card.getByTestId('party-status')).toHaveText('Matched');
  await expect(matches.getByRole('link', { name: 'MATH-230 study group' })).toHaveAttribute(
    'href',
    `#/chat/${room}`,
  );
  await expect(page.getByText(t.noParty)).toHaveCount(0);
  await ana.api.dispose();
  await bo.api.dispose();
});
