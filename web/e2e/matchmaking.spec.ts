import { request as apiRequest, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { MATCHMAKING_TEXTS, PARTY_TEXTS, type TutoringRole } from '@studium/protocol';
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

const t = MATCHMAKING_TEXTS;

/** Another user, logged in through its own API context. */
async function otherUser(baseURL: string) {
  const api = await apiRequest.newContext({ baseURL });
  const username = uniqueUsername('m');
  await registerViaApi(api, username);
  await loginViaApi(api, username);
  return { api, username };
}

/** POST /api/intent/{role} {mode:'create', …}: the new intent's id. */
async function createIntentViaApi(
  request: APIRequestContext,
  role: TutoringRole,
  fields: Record<string, unknown>,
): Promise<number> {
  const res = await request.post(`/api/intent/${role}`, {
    data: { mode: 'create', ...fields },
    headers: await csrfHeader(request),
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return ((await res.json()) as { intent: { id: number } }).intent.id;
}

function intentForm(page: Page, name: 'New intent' | 'Edit intent' = 'New intent') {
  return page.getByRole('form', { name });
}

test('the page opens on the Group tab; Tutoring is one click away and stays on reload', async ({
  page,
  user,
}) => {
  test.setTimeout(60_000);
  void user;
  let partyLoads = 0;
  page.on('request', (r) => {
    if (r.method() === 'GET' && r.url().endsWith('/api/party/active')) partyLoads += 1;
  });
  await gotoRoute(page, '/matchmake');
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  await expect(page.getByRole('tab', { name: t.tabGroup })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(PARTY_TEXTS.noParty)).toBeVisible();
  expect(partyLoads).toBe(1);
  await page.getByRole('tab', { name: t.tabTutoring }).click();
  await expect(intentForm(page)).toBeVisible();
  // Switching tabs clears the lists: back on Group, the party is asked for again.
  await page.getByRole('tab', { name: t.tabGroup }).click();
  await expect(page.getByText(PARTY_TEXTS.noParty)).toBeVisible();
  expect(partyLoads).toBe(2);
  await page.getByRole('tab', { name: t.tabTutoring }).click();
  await expect(intentForm(page)).toBeVisible();
  expect(new URL(page.url()).hash).toContain('tab=tutoring');
  // The tab survives a reload (it lives in the URL).
  await page.reload();
  await expect(page.getByRole('tab', { name: t.tabTutoring })).toHaveAttribute('aria-selected', 'true');
  await expect(intentForm(page)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a tutoree saves an intent through the form, sees a tutor as a match, pauses, resumes and accepts', async ({
  page,
  user,
  baseURL,
}) => {
  test.setTimeout(60_000);
  void user;
  await gotoRoute(page, '/matchmake?tab=tutoring&role=tutoree');
  await expect(page.getByRole('tab', { name: t.roleTutoree, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const form = intentForm(page);
  await expect(form).toBeVisible();
  await expect(page.getByText('You have no TUTOREE intent yet.', { exact: false })).toBeVisible();

  // Client checks, before any call.
  await form.getByRole('button', { name: 'Create intent' }).click();
  await expect(form.getByText(t.pickCourse)).toBeVisible();
  await expect(form.getByText(t.badModality)).toBeVisible();
  await expect(form.getByRole('combobox', { name: 'Course', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await form.getByRole('combobox', { name: 'Course', exact: true }).fill('cs-999');
  await form.getByRole('button', { name: 'Create intent' }).click();
  await expect(form.getByText(t.pickCourse)).toBeVisible();

  // Normalized before sending: ' CS-101 ' → 'cs-101', languages → 'en,fr'.
  await form.getByRole('combobox', { name: 'Course', exact: true }).fill(' CS-101 ');
  await form.getByRole('combobox', { name: 'Modality', exact: true }).selectOption('online');
  await form.getByRole('textbox', { name: 'Languages', exact: true }).fill('English, French, english');
  await expect(form.getByText('Saved as: en,fr')).toBeVisible();
  await form.getByRole('textbox', { name: 'Campus', exact: true }).fill(' North ');
  await expect(form.getByText(t.badModality)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/intent/tutoree') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Create intent' }).click();
  const sent = (await saved).request().postDataJSON() as Record<string, unknown>;
  expect(sent).toMatchObject({
    mode: 'create',
    course_code: 'cs-101',
    modality: 'online',
    languages: 'en,fr',
    campus: 'north',
    ttl_days: 7,
  });
  expect(sent).not.toHaveProperty('capacity');
  await expect(toast(page, t.created)).toBeVisible();

  const card = page.getByRole('region', { name: 'Your intent: cs-101' });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('intent-status')).toHaveText('Active');
  // Nothing yet, or other runs' tutors for the course: either way the list has loaded.
  await expect(
    page.getByText(t.noRecommendations).or(page.getByTestId('recommendation').first()),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A tutor for the same course appears.
  const tutor = await otherUser(baseURL!);
  await createIntentViaApi(tutor.api, 'tutor', { course_code: 'cs-101', modality: 'online' });
  await page.reload();
  const rec = page.getByTestId('recommendation').filter({ hasText: tutor.username });
  await expect(rec).toBeVisible();
  await expect(rec.getByTestId('match-score')).toHaveText(/^Match \d{1,3}\.\d%$/);
  await expect(rec.getByRole('link', { name: tutor.username, exact: true })).toHaveAttribute(
    'href',
    `#/userprofile/${tutor.username}`,
  );
  await expect(rec.getByRole('link', { name: `View profile of ${tutor.username}` })).toBeVisible();
  const details = rec.getByRole('button', { name: 'Details' });
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  await expect(rec.getByText(/^\d{1,3}\.\d%$/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Pause hides the matches; Resume brings them back.
  await card.getByRole('button', { name: 'Pause' }).click();
  await expect(toast(page, t.intentPaused)).toBeVisible();
  await expect(card.getByTestId('intent-status')).toHaveText(t.statusLabel.paused);
  await expect(page.getByTestId('recommendation')).toHaveCount(0);
  await card.getByRole('button', { name: 'Resume' }).click();
  await expect(toast(page, t.intentResumed)).toBeVisible();
  await expect(card.getByTestId('intent-status')).toHaveText('Active');
  await expect(rec).toBeVisible();

  // Accept opens the DM room with the tutor.
  const accepted = page.waitForResponse((r) => r.url().endsWith('/api/intent/tutoree/accept'));
  await rec.getByRole('button', { name: 'Accept' }).click();
  const response = await accepted;
  expect(response.status(), await response.text()).toBe(200);
  const { room } = (await response.json()) as { room: number };
  await expect(toast(page, t.matchAccepted)).toBeVisible();
  await expect.poll(() => routeOf(page)).toBe(`/chat/${room}`);
  await tutor.api.dispose();
});

test('a tutor declines a match, edits and deletes the intent; switching roles reloads', async ({
  page,
  user,
  baseURL,
}) => {
  test.setTimeout(60_000);
  void user;
  await gotoRoute(page, '/matchmake?tab=tutoring');
  await page.getByRole('tab', { name: t.roleTutor, exact: true }).click();
  expect(new URL(page.url()).hash).toContain('role=tutor');
  const form = intentForm(page);
  await expect(form.getByRole('spinbutton', { name: 'Capacity', exact: true })).toHaveValue('5');
  await form.getByRole('combobox', { name: 'Course', exact: true }).fill('math-240');
  await form.getByRole('combobox', { name: 'Modality', exact: true }).selectOption('either');
  await form.getByRole('spinbutton', { name: 'Capacity', exact: true }).fill('0');
  await form.getByRole('button', { name: 'Create intent' }).click();
  await expect(form.getByText('Capacity must be a whole number from 1 to 50')).toBeVisible();
  await form.getByRole('spinbutton', { name: 'Capacity', exact: true }).fill('3');
  await form.getByRole('button', { name: 'Create intent' }).click();
  await expect(toast(page, t.created)).toBeVisible();
  const card = page.getByRole('region', { name: 'Your intent: math-240' });
  await expect(card).toContainText('Capacity3');

  const tutoree = await otherUser(baseURL!);
  await createIntentViaApi(tutoree.api, 'tutoree', { course_code: 'math-240', modality: 'online' });
  await page.reload();
  const rec = page.getByTestId('recommendation').filter({ hasText: tutoree.username });
  await rec.getByRole('button', { name: 'Decline' }).click();
  await expect(toast(page, t.declined)).toBeVisible();
  await expect(rec).toHaveCount(0);

  // Edit replaces the intent.
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = intentForm(page, 'Edit intent');
  await expect(edit.getByRole('combobox', { name: 'Course', exact: true })).toHaveValue('math-240');
  await edit.getByRole('textbox', { name: 'Topic', exact: true }).fill(' Eigenvalues ');
  await edit.getByRole('button', { name: 'Save intent' }).click();
  await expect(toast(page, t.intentSaved)).toBeVisible();
  await expect(edit).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Your intent: math-240' })).toContainText('eigenvalues');

  // Switching roles clears and reloads: the tutoree side has no intent.
  await page.getByRole('tab', { name: t.roleTutoree, exact: true }).click();
  await expect(intentForm(page)).toBeVisible();
  await page.getByRole('tab', { name: t.roleTutor, exact: true }).click();
  await expect(page.getByRole('region', { name: 'Your intent: math-240' })).toBeVisible();

  // Delete asks first.
  await page
    .getByRole('region', { name: 'Your intent: math-240' })
    .getByRole('button', { name: 'Delete' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete intent' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Delete intent' }).click();
  await expect(toast(page, t.intentDeleted)).toBeVisible();
  await expect(intentForm(page)).toBeVisible();
  await tutoree.api.dispose();
});

test('load failures show the error text with Retry', async ({ page, user, allowConsoleError }) => {
  void user;
  allowConsoleError(/500|Internal Server Error/);
  let fail = true;
  await page.route('**/api/intent/tutoree', (route) =>
    fail && route.request().method() === 'GET'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'boom' }),
        })
      : route.continue(),
  );
  await gotoRoute(page, '/matchmake?tab=tutoring');
  await expect(page.getByRole('alert').filter({ hasText: t.loadFailed })).toBeVisible({ timeout: 15_000 });
  fail = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(intentForm(page)).toBeVisible();
});

test('the tutoring tab reads well in dark mode: form, intent card and matches', async ({
  page,
  user,
  baseURL,
}) => {
  // Three axe scans: over half a minute on a busy machine.
  test.setTimeout(60_000);
  void user;
  await page.addInitScript(() => {
    try {
      localStorage.setItem('darkmode_enabled', '1');
    } catch {
      /* about:blank has no storage */
    }
  });
  await page.request.post('/api/profile/settings/darkmode/', {
    data: { darkmode_enabled: true },
    headers: await csrfHeader(page.request),
  });
  await gotoRoute(page, '/matchmake?tab=tutoring&role=tutor');
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  const form = intentForm(page);
  await form.getByRole('button', { name: 'Create intent' }).click();
  await expect(form.getByText(t.pickCourse)).toBeVisible();
  // Scanned with the pointer still on the button: its hover colour passes too.
  await expectNoSeriousA11yViolations(page);

  await createIntentViaApi(page.request, 'tutor', {
    course_code: 'phys-210',
    modality: 'hybrid',
    languages: 'en',
    pitch: 'Mechanics',
  });
  const tutoree = await otherUser(baseURL!);
  await createIntentViaApi(tutoree.api, 'tutoree', {
    course_code: 'phys-210',
    modality: 'hybrid',
    languages: 'en',
  });
  await page.reload();
  const rec = page.getByTestId('recommendation').filter({ hasText: tutoree.username });
  await expect(rec).toBeVisible();
  await rec.getByRole('button', { name: 'Details' }).click();
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(intentForm(page, 'Edit intent')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await tutoree.api.dispose();
});

test('failures: matches with Retry, and the Accept, Decline, Save and Delete toasts', async ({
  page,
  user,
  baseURL,
  allowConsoleError,
}) => {
  test.setTimeout(60_000);
  void user;
  allowConsoleError(/status of 500|Internal Server Error/);
  await createIntentViaApi(page.request, 'tutoree', { course_code: 'chem-201', modality: 'online' });
  const tutor = await otherUser(baseURL!);
  await createIntentViaApi(tutor.api, 'tutor', { course_code: 'chem-201', modality: 'online' });
  const fail = (route: Route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: '' }) });

  await page.route('**/api/intent/tutoree/recs', fail);
  await gotoRoute(page, '/matchmake?tab=tutoring');
  await expect(page.getByRole('alert').filter({ hasText: t.fetchMatchesFailed })).toBeVisible({
    timeout: 15_000,
  });
  await page.unroute('**/api/intent/tutoree/recs');
  await page.getByRole('button', { name: 'Retry' }).click();
  const rec = page.getByTestId('recommendation').filter({ hasText: tutor.username });
  await expect(rec).toBeVisible();

  await page.route('**/api/intent/tutoree/accept', fail);
  await rec.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(page, t.acceptFailed)).toBeVisible();
  expect(routeOf(page)).toBe('/matchmake');

  await page.route('**/api/intent/tutoree/decline', fail);
  await rec.getByRole('button', { name: 'Decline' }).click();
  await expect(toast(page, t.declineFailed)).toBeVisible();
  await expect(rec).toBeVisible();

  await page.route('**/api/intent/tutoree', (route) =>
    route.request().method() === 'POST' ? fail(route) : route.continue(),
  );
  const card = page.getByRole('region', { name: 'Your intent: chem-201' });
  await card.getByRole('button', { name: 'Pause' }).click();
  await expect(toast(page, t.saveFailed)).toBeVisible();
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = intentForm(page, 'Edit intent');
  await edit.getByRole('button', { name: 'Save intent' }).click();
  await expect(toast(page, t.saveFailed).nth(1)).toBeVisible();
  await expect(edit).toBeVisible();

  await page.route('**/api/intent/tutoree/delete', fail);
  await card.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete intent' });
  await dialog.getByRole('button', { name: 'Delete intent' }).click();
  await expect(toast(page, t.deleteFailed)).toBeVisible();
  // The dialog stays for another try; Escape closes it and the intent is still there.
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(card).toBeVisible();
  await tutor.api.dispose();
});

test('a match without a username cannot be accepted', async ({ page, user }) => {
  void user;
  await createIntentViaApi(page.request, 'tutoree', { course_code: 'bio-201', modality: 'remote' });
  const intent = (
    (await (await page.request.get('/api/intent/tutoree')).json()) as { intent: { id: number } }
  ).intent;
  let accepted = false;
  await page.route('**/api/intent/tutoree/recs', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        subject_intent_id: intent.id,
        results: [
          {
            candidate_intent_id: 999_999,
            // The contract requires the field; an empty name is still no one to message.
            candidate_username: '',
            score: 0.5,
            field_scores: { course: 1 },
            course_code: 'bio-201',
            modality: 'remote',
            languages: '',
            campus: '',
            location_hint: '',
            topic: '',
            pitch: '',
            availability: '',
            remaining_capacity: 2,
          },
        ],
      }),
    }),
  );
  await page.route('**/api/intent/tutoree/accept', (route) => {
    accepted = true;
    return route.abort();
  });
  await gotoRoute(page, '/matchmake?tab=tutoring');
  const rec = page.getByTestId('recommendation');
  await expect(rec.getByTestId('match-score')).toHaveText('Match 50.0%');
  await rec.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(page, t.missingUsername)).toBeVisible();
  expect(accepted).toBe(false);
});

test('an open intent without matches shows the empty state, and Refresh asks again', async ({
  page,
  user,
}) => {
  void user;
  const id = await createIntentViaApi(page.request, 'tutoree', {
    course_code: 'ling-101',
    modality: 'either',
  });
  let calls = 0;
  // Other runs may have left intents for any course: answer an empty list.
  await page.route('**/api/intent/tutoree/recs', (route) => {
    calls += 1;
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ subject_intent_id: id, results: [] }),
    });
  });
  await gotoRoute(page, '/matchmake?tab=tutoring');
  await expect(page.getByText(t.noRecommendations)).toBeVisible();
  expect(calls).toBe(1);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect.poll(() => calls).toBe(2);
  await expectNoSeriousA11yViolations(page);
});

test('languages typed by their English or own names are saved as their codes', async ({ page, user }) => {
  void user;
  await gotoRoute(page, '/matchmake?tab=tutoring&role=tutoree');
  const form = intentForm(page);
  await expect(form).toBeVisible();
  const languages = form.getByRole('textbox', { name: 'Languages', exact: true });
  await languages.fill('Español, Deutsch');
  await expect(form.getByText('Saved as: es,de')).toBeVisible();
  await languages.fill('English, Spanish');
  await expect(form.getByText('Saved as: en,es')).toBeVisible();
  await form.getByRole('combobox', { name: 'Course', exact: true }).fill('cs-101');
  await form.getByRole('combobox', { name: 'Modality', exact: true }).selectOption('online');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/intent/tutoree') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Create intent' }).click();
  expect((await saved).request().postDataJSON()).toMatchObject({ languages: 'en,es' });
  await expect(toast(page, t.created)).toBeVisible();
});
