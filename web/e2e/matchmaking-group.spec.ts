import { request as apiRequest, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { PARTY_TEXTS, type PartyPayloadInput } from '@studium/protocol';
import { secondUser, messageWith } from './chat-helpers';
import {
  csrfHeader,
  expect,
  expectNoSeriousA11yViolations,
  gotoRoute,
  loginViaApi,
  registerViaApi,
  routeOf,
  test,
  toast,
  uniqueUsername,
} from './fixtures';

const t = PARTY_TEXTS;

const wizard = (page: Page) => page.getByRole('form', { name: 'Party intent' });
const partyCard = (page: Page) => page.getByRole('region', { name: t.activeParty });
const recommendation = (page: Page, owner: string) =>
  page.getByTestId('party-recommendation').filter({ hasText: owner });

/** Light or dark, both in the browser and on the account (the server's value wins on load). */
async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript(
    (value) => {
      try {
        localStorage.setItem('darkmode_enabled', value);
      } catch {
        /* about:blank has no storage */
      }
    },
    theme === 'dark' ? '1' : '0',
  );
  await page.request.post('/api/profile/settings/darkmode/', {
    data: { darkmode_enabled: theme === 'dark' },
    headers: await csrfHeader(page.request),
  });
}

/** The active step's pill carries aria-current="step". */
async function expectStep(page: Page, name: string) {
  await expect(wizard(page).getByRole('button', { name, exact: true })).toHaveAttribute(
    'aria-current',
    'step',
  );
}

interface PartyPlan {
  topic: string;
  teammate: string;
  block: { day: string; start: string; end: string };
}

/**
 * Builds a party through the four steps, making one mistake per step first (and scanning each
 * step with axe): no topic, a team larger than its target with a nameless teammate, a time block
 * that ends before it starts, grades that are too long.
 */
async function buildParty(page: Page, plan: PartyPlan) {
  const form = wizard(page);
  const next = form.getByRole('button', { name: t.next });

  // Topic
  await expectStep(page, 'Topic');
  await expect(form.getByRole('button', { name: t.back })).toBeDisabled();
  await next.click();
  await expect(form.getByText(t.chooseTopic)).toBeVisible();
  const topic = form.getByRole('combobox', { name: 'Topic' });
  await expect(topic).toHaveAttribute('aria-invalid', 'true');
  await expect(topic).toBeFocused();
  await topic.fill('underwater-chess');
  await next.click();
  await expect(form.getByText(t.topicFromSuggestions)).toBeVisible();
  // A hobby has no modality to pick; a course has.
  await topic.fill('skiing');
  await expect(form.getByText(t.hobbyHint)).toBeVisible();
  await expect(form.getByRole('combobox', { name: 'Preferred modality' })).toHaveCount(0);
  await topic.fill(plan.topic);
  await expect(form.getByText(t.hobbyHint)).toHaveCount(0);
  await form.getByRole('combobox', { name: 'Preferred modality' }).selectOption('remote');
  await expectNoSeriousA11yViolations(page);
  await next.click();

  // Team
  await expectStep(page, 'Team');
  const target = form.getByRole('spinbutton', { name: 'Target group size' });
  const existing = form.getByRole('spinbutton', { name: 'People already in group' });
  const spots = form.getByRole('spinbutton', { name: 'Preferred remaining spots' });
  await spots.fill('3');
  await target.fill('2');
  await expect(spots).toHaveValue('1');
  await existing.fill('3');
  await expect(spots).toHaveValue('');
  await expect(spots).toBeDisabled();
  await next.click();
  await expect(form.getByText(t.teamOverTarget)).toBeVisible();
  await target.fill('4');
  await existing.fill('2');
  await expect(form.getByRole('group', { name: 'Teammate 3' })).toHaveCount(0);
  await expect(
    form.getByRole('group', { name: 'Teammate 1 (you)' }).getByRole('textbox', { name: 'Username' }),
  ).toHaveAttribute('readonly', '');
  await next.click();
  await expect(form.getByText(t.displayNameRequired)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await form
    .getByRole('group', { name: 'Teammate 2' })
    .getByRole('textbox', { name: 'Display name' })
    .fill(plan.teammate);
  await spots.fill('2');
  await next.click();

  // Details
  await expectStep(page, 'Details');
  await form.getByRole('textbox', { name: 'Public pitch' }).fill(` Weekly problem sets for ${plan.topic} `);
  await form.getByRole('textbox', { name: 'Campus' }).fill(' North ');
  await form.getByRole('textbox', { name: 'Languages' }).fill('English, French, english');
  await expect(form.getByText('Saved as: en,fr')).toBeVisible();
  await form.getByRole('button', { name: 'Add time block' }).click();
  const block = form.getByRole('group', { name: 'Time block 1' });
  await block.getByRole('combobox', { name: 'Day' }).selectOption(plan.block.day);
  await block.getByLabel('Start').fill(plan.block.end);
  await block.getByLabel('End').fill(plan.block.start);
  await next.click();
  await expect(form.getByText('A time block must end after it starts.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await block.getByLabel('Start').fill(plan.block.start);
  await block.getByLabel('End').fill(plan.block.end);
  await next.click();

  // Profiles
  await expectStep(page, 'Profiles');
  const grades = form.getByRole('textbox', { name: 'Grades' }).first();
  await grades.fill('A'.repeat(41));
  await form.getByRole('combobox', { name: 'Study level' }).first().selectOption('bachelor_2');
  await form.getByRole('button', { name: t.saveParty }).click();
  await expect(form.getByText('Use at most 40 characters.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await grades.fill('Mostly As');

  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/party/active') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: t.saveParty }).click();
  const sent = (await saved).request().postDataJSON() as Record<string, unknown>;
  // Normalized before sending.
  expect(sent).toMatchObject({
    topic_key: plan.topic,
    campus: 'north',
    languages: 'en,fr',
    modality: 'remote',
    target_size: 4,
    existing_member_count: 2,
    preferred_complement_size: 2,
    availability: [plan.block],
  });
  await expect(toast(page, t.saved)).toBeVisible();
  await expect(partyCard(page).getByTestId('party-status')).toHaveText('Active');
  await expect(partyCard(page)).toContainText(t.members(2, 4));
}

test('two groups build parties through the wizard, see each other explained, and meet in one room', async ({
  page,
  user,
  browser,
  baseURL,
}) => {
  // Two users, four steps each, an axe scan per step: minutes on a busy machine.
  test.setTimeout(240_000);
  const topic = 'cs-201';
  await useTheme(page, 'light');
  await gotoRoute(page, '/matchmake');
  await expect(page.getByText(t.noParty)).toBeVisible({ timeout: 15_000 });
  await buildParty(page, { topic, teammate: 'Grace', block: { day: 'tue', start: '14:00', end: '18:00' } });
  await expect(partyCard(page).getByRole('listitem').filter({ hasText: 'Grace' })).toContainText(t.member);
  await expect(partyCard(page).getByRole('listitem').filter({ hasText: user.username })).toContainText(
    t.owner,
  );

  const other = await secondUser(browser, baseURL);
  await useTheme(other.page, 'dark');
  await gotoRoute(other.page, '/matchmake');
  await expect(other.page.getByText(t.noParty)).toBeVisible({ timeout: 15_000 });
  expect(await other.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  await buildParty(other.page, {
    topic,
    teammate: 'Linus',
    block: { day: 'tue', start: '16:00', end: '20:00' },
  });

  // Each sees the other, with the score explained.
  const theirs = recommendation(other.page, user.username);
  await expect(theirs.getByTestId('match-score')).toHaveText(/^Match \d{1,3}\.\d%$/);
  await theirs.getByRole('button', { name: t.details }).click();
  await expect(theirs.getByTestId('match-details')).toContainText('Tue 16:00–18:00');
  await expect(theirs.getByTestId('match-details').getByText('Availability')).toBeVisible();
  await expectNoSeriousA11yViolations(other.page);

  await partyCard(page).getByRole('button', { name: t.refresh }).click();
  const mine = recommendation(page, other.username);
  await expect(mine).toContainText('Linus');
  await expect(mine.getByRole('link', { name: t.viewOwnerProfile })).toHaveAttribute(
    'href',
    `#/userprofile/${other.username}`,
  );
  await mine.getByRole('button', { name: t.details }).click();
  await expect(mine.getByTestId('match-details')).toContainText('Tue 16:00–18:00');
  await expect(
    mine
      .getByTestId('match-details')
      .getByText(/^\d{1,3}\.\d%$/)
      .first(),
  ).toBeVisible();

  // One accepts: recorded, and the card moves to Pending.
  await mine.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(page, t.acceptanceRecorded)).toBeVisible();
  await expect(mine).toHaveCount(0);
  await page.getByRole('tab', { name: t.pending }).click();
  const pending = page.getByTestId('party-pending').filter({ hasText: other.username });
  await expect(pending).toContainText(t.awaitingConfirmation);
  await expect(pending.locator('time')).toBeVisible();

  // The other sees 'They accepted you', accepts, and lands in the new group room.
  await other.page.reload();
  const back = recommendation(other.page, user.username);
  await expect(back).toContainText(t.theyAcceptedYou);
  const accepted = other.page.waitForResponse((r) => /\/api\/party\/\d+\/accept$/.test(r.url()));
  await back.getByRole('button', { name: 'Accept' }).click();
  const answer = (await (await accepted).json()) as { state: string; room_id: number };
  expect(answer.state).toBe('MATCHED');
  await expect(toast(other.page, t.matchAccepted)).toBeVisible();
  await expect.poll(() => routeOf(other.page)).toBe(`/chat/${answer.room_id}`);
  await expect(messageWith(other.page, 'Tue 16:00–18:00')).toBeVisible({ timeout: 10_000 });
  await expect(messageWith(other.page, 'Grace')).toBeVisible();

  // The first sees the match under 'Your Matches', linking to the same room.
  await partyCard(page).getByRole('button', { name: t.refresh }).click();
  const matches = page.getByRole('region', { name: t.yourMatches });
  const link = matches.getByRole('link', { name: 'CS-201 study group' });
  await expect(link).toHaveAttribute('href', `#/chat/${answer.room_id}`);
  await expect(partyCard(page).getByTestId('party-status')).toHaveText('Matched');
  await expect(partyCard(page).getByRole('button', { name: t.seeIntent })).toBeVisible();
  await link.click();
  await expect(messageWith(page, 'Tue 16:00–18:00')).toBeVisible({ timeout: 10_000 });

  expect(other.errors).toEqual([]);
  await other.context.close();
});

/** Another user with a party, through the API only. */
async function partyOwner(baseURL: string, topic: string) {
  const api = await apiRequest.newContext({ baseURL });
  const username = uniqueUsername('p');
  await registerViaApi(api, username);
  await loginViaApi(api, username);
  await savePartyViaApi(api, username, topic);
  return { api, username };
}

async function savePartyViaApi(request: APIRequestContext, username: string, topic: string) {
  const payload: PartyPayloadInput = {
    topic_key: topic,
    target_size: 4,
    existing_member_count: 1,
    modality: 'remote',
    languages: 'en',
    availability: [{ day: 'wed', start: '10:00', end: '12:00' }],
    members: [{ username, display_name: username, is_owner: true }],
  };
  const res = await request.post('/api/party/active', { data: payload, headers: await csrfHeader(request) });
  expect(res.status(), await res.text()).toBe(200);
}

test('on a phone: decline one party, accept and cancel another, then edit and delete the party', async ({
  page,
  user,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const topic = 'math-210';
  await page.setViewportSize({ width: 360, height: 780 });
  await savePartyViaApi(page.request, user.username, topic);
  const [keep, drop] = [await partyOwner(baseURL!, topic), await partyOwner(baseURL!, topic)];
  await gotoRoute(page, '/matchmake');
  await expect(recommendation(page, keep.username)).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await recommendation(page, drop.username).getByRole('button', { name: 'Decline' }).click();
  await expect(toast(page, t.declined)).toBeVisible();
  await expect(recommendation(page, drop.username)).toHaveCount(0);

  await recommendation(page, keep.username).getByRole('button', { name: 'Accept' }).click();
  await expect(toast(page, t.acceptanceRecorded)).toBeVisible();
  await page.getByRole('tab', { name: t.pending }).click();
  const pending = page.getByTestId('party-pending').filter({ hasText: keep.username });
  await pending.getByRole('button', { name: t.cancelAcceptance }).click();
  await expect(toast(page, t.acceptanceCancelled)).toBeVisible();
  await expect(pending).toHaveCount(0);
  await expect(page.getByText(t.noPending)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // See the saved intent in the wizard, then hide it.
  const card = partyCard(page);
  await card.getByRole('button', { name: t.editIntent }).click();
  await expect(wizard(page).getByRole('combobox', { name: 'Topic' })).toHaveValue(topic);
  await card.getByRole('button', { name: t.hideIntent }).click();
  await expect(wizard(page)).toHaveCount(0);

  await card.getByRole('button', { name: t.deleteIntent }).click();
  const dialog = page.getByRole('dialog', { name: t.deleteIntent });
  await dialog.getByRole('button', { name: t.deleteIntent }).click();
  await expect(toast(page, t.deleted)).toBeVisible();
  await expect(page.getByText(t.noParty)).toBeVisible();
  await expect(wizard(page)).toBeVisible();
  await keep.api.dispose();
  await drop.api.dispose();
});

test('failures: load and match errors with Retry, a server field error, and every failed action', async ({
  page,
  user,
  baseURL,
  allowConsoleError,
}) => {
  test.setTimeout(90_000);
  void user;
  allowConsoleError(/status of (400|500)|Internal Server Error|Bad Request/);
  const topic = 'chem-201';
  const fail = (route: Route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: '' }) });

  await page.route('**/api/party/active', (route) =>
    route.request().method() === 'GET' ? fail(route) : route.continue(),
  );
  await gotoRoute(page, '/matchmake');
  // The first load of the route's code can be slow on a busy machine.
  await expect(page.getByRole('alert').filter({ hasText: t.loadFailed })).toBeVisible({ timeout: 15_000 });
  await page.unroute('**/api/party/active');
  await page.getByRole('button', { name: 'Retry' }).click();

  // A minimal party: a topic, then straight to Profiles through the pills (each step is checked).
  const form = wizard(page);
  await form.getByRole('combobox', { name: 'Topic' }).fill(topic);
  // Enter in a field moves on like Next, and focus lands on the new step's heading.
  await form.getByRole('combobox', { name: 'Topic' }).press('Enter');
  await expectStep(page, 'Team');
  await expect(form.getByRole('heading', { name: 'Step 2 of 4: Team' })).toBeFocused();
  await form.getByRole('button', { name: 'Profiles', exact: true }).click();
  await expectStep(page, 'Profiles');
  await page.route('**/api/party/active', (route) =>
    route.request().method() === 'POST' ? fail(route) : route.continue(),
  );
  await form.getByRole('button', { name: t.saveParty }).click();
  await expect(toast(page, t.saveFailed)).toBeVisible();
  await page.unroute('**/api/party/active');

  // A teammate's unknown username comes back from the server and takes the wizard to Team.
  await form.getByRole('button', { name: 'Team', exact: true }).click();
  await form.getByRole('spinbutton', { name: 'People already in group' }).fill('2');
  const mate = form.getByRole('group', { name: 'Teammate 2' });
  await mate.getByRole('textbox', { name: 'Display name' }).fill('Ghost');
  await mate.getByRole('combobox', { name: 'Username (optional)' }).fill('nobody_by_this_name');
  await form.getByRole('button', { name: 'Profiles', exact: true }).click();
  await form.getByRole('button', { name: t.saveParty }).click();
  const unknown = t.unknownMembers(['nobody_by_this_name']);
  await expect(toast(page, unknown)).toBeVisible();
  await expectStep(page, 'Team');
  await expect(mate.getByText(unknown)).toBeVisible();
  await mate.getByRole('combobox', { name: 'Username (optional)' }).fill('');
  await form.getByRole('button', { name: 'Profiles', exact: true }).click();
  await form.getByRole('button', { name: t.saveParty }).click();
  await expect(toast(page, t.saved)).toBeVisible();

  // Matches fail to load, then load on Retry.
  const other = await partyOwner(baseURL!, topic);
  await page.route('**/api/party/*/candidates', fail);
  await partyCard(page).getByRole('button', { name: t.refresh }).click();
  await expect(page.getByRole('alert').filter({ hasText: t.fetchFailed })).toBeVisible();
  await page.unroute('**/api/party/*/candidates');
  await page.getByRole('button', { name: 'Retry' }).click();
  const rec = recommendation(page, other.username);
  await expect(rec).toBeVisible();

  await page.route('**/api/party/*/accept', fail);
  await rec.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(page, t.acceptFailed)).toBeVisible();
  await page.route('**/api/party/*/decline', fail);
  await rec.getByRole('button', { name: 'Decline' }).click();
  await expect(toast(page, t.declineFailed)).toBeVisible();
  await expect(rec).toBeVisible();
  await page.unroute('**/api/party/*/accept');
  await rec.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(page, t.acceptanceRecorded)).toBeVisible();
  await page.getByRole('tab', { name: t.pending }).click();
  await page.getByTestId('party-pending').getByRole('button', { name: t.cancelAcceptance }).click();
  await expect(toast(page, t.cancelFailed)).toBeVisible();

  await page.route('**/api/party/*/delete', fail);
  await partyCard(page).getByRole('button', { name: t.deleteIntent }).click();
  const dialog = page.getByRole('dialog', { name: t.deleteIntent });
  await dialog.getByRole('button', { name: t.deleteIntent }).click();
  await expect(toast(page, t.deleteFailed)).toBeVisible();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(partyCard(page)).toBeVisible();
  await other.api.dispose();
});
