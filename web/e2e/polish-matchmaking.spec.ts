import { request as apiRequest, type APIRequestContext } from '@playwright/test';
import { MATCHMAKING_TEXTS as t, type TutoringRole } from '@studium/protocol';
import {
  csrfHeader,
  expect as baseExpect,
  gotoRoute,
  loginViaApi,
  registerViaApi,
  routeOf,
  test,
  toast,
  uniqueUsername,
} from './fixtures';
import { messageWith } from './chat-helpers';

// A shared machine can be slow to first paint: each check waits up to 20 s.
const expect = baseExpect.configure({ timeout: 20_000 });

async function createIntent(request: APIRequestContext, role: TutoringRole, fields: Record<string, unknown>) {
  const res = await request.post(`/api/intent/${role}`, {
    data: { mode: 'create', modality: 'online', ...fields },
    headers: await csrfHeader(request),
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { intent: { id: number } }).intent.id;
}

test.describe('polish: tutoring', () => {
  // Real browsers, several users each, on a shared machine: room to breathe.
  test.describe.configure({ timeout: 90_000 });

  test("after Accept both sides keep 'Your matches' with the DM link; the tutor sees places left; the DM says what the match is for", async ({
    page,
    user,
    baseURL,
  }) => {
    test.slow();
    const course = 'ling-101';
    const tutor = await apiRequest.newContext({ baseURL });
    const tutorName = uniqueUsername('tut');
    await registerViaApi(tutor, tutorName);
    await loginViaApi(tutor, tutorName);
    const tutorIntent = await createIntent(tutor, 'tutor', { course_code: course, capacity: 3 });
    await createIntent(page.request, 'tutoree', { course_code: course });

    await gotoRoute(page, '/matchmake?tab=tutoring&role=tutoree');
    const rec = page.getByRole('article', { name: `Match with ${tutorName}` });
    await expect(rec.getByText('Places left')).toBeVisible();
    await expect(page.getByRole('region', { name: t.yourMatches })).toContainText(t.noMatchesYet);
    await rec.getByRole('button', { name: 'Accept' }).click();
    await expect(toast(page, t.matchAccepted)).toBeVisible();
    await expect.poll(() => routeOf(page)).toMatch(/^\/chat\/\d+$/);
    const room = Number(routeOf(page).split('/').pop());
    await expect(messageWith(page, t.matchNote('LING-101', tutorName, user.username))).toBeVisible();

    await gotoRoute(page, '/matchmake?tab=tutoring&role=tutoree');
    const mine = page.getByRole('region', { name: t.yourMatches });
    const match = mine.getByTestId('tutoring-match').filter({ hasText: tutorName });
    await expect(match).toContainText('Your tutor for LING-101');
    await expect(match.getByRole('link', { name: t.openChat })).toHaveAttribute('href', `#/chat/${room}`);

    const matches = (await (await tutor.get('/api/intent/tutor/matches')).json()) as {
      matches: Array<{ username: string; room: number }>;
      capacity: { remaining: number; total: number };
    };
    expect(matches.matches).toEqual([expect.objectContaining({ username: user.username, room })]);
    expect(matches.capacity).toEqual({ remaining: 2, total: 3 });
    void tutorIntent;
    await tutor.dispose();
  });

  test('the tutor sees its places left beside its matches', async ({ page, user }) => {
    void user;
    await createIntent(page.request, 'tutor', { course_code: 'econ-201', capacity: 4 });
    await gotoRoute(page, '/matchmake?tab=tutoring&role=tutor');
    await expect(page.getByTestId('places-left')).toHaveText(t.placesLeft(4, 4));
  });

  test('the chosen role is remembered when coming back', async ({ page, user }) => {
    void user;
    await createIntent(page.request, 'tutor', { course_code: 'hist-201' });
    await gotoRoute(page, '/matchmake?tab=tutoring&role=tutoree');
    await page.getByRole('tab', { name: t.roleTutor, exact: true }).click();
    await expect(page.getByRole('region', { name: 'Your intent: hist-201' })).toBeVisible();
    await gotoRoute(page, '/home');
    await gotoRoute(page, '/matchmake?tab=tutoring');
    await expect(page.getByRole('tab', { name: t.roleTutor, exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('region', { name: 'Your intent: hist-201' })).toBeVisible();
    await expect(page.getByText(t.noIntent)).toHaveCount(0);
  });

  test("a failed Create focuses the first error, toasts 'Save failed', and names modalities as the dropdown does", async ({
    page,
    user,
  }) => {
    void user;
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoRoute(page, '/matchmake?tab=tutoring&role=tutoree');
    const form = page.getByRole('form', { name: 'New intent' });
    await form.getByRole('combobox', { name: 'Course', exact: true }).fill('cs-101');
    await form.getByRole('button', { name: 'Create intent' }).click();
    await expect(toast(page, t.saveFailed)).toBeVisible();
    const modality = form.getByRole('combobox', { name: 'Modality', exact: true });
    await expect(modality).toBeFocused();
    await expect(modality).toBeInViewport();
    await expect(
      form.getByText('Modality must be In person, Online, Hybrid, Remote, or Either'),
    ).toBeVisible();
    const labels = await modality.locator('option').allTextContents();
    for (const label of ['In person', 'Online', 'Hybrid', 'Remote', 'Either'])
      expect(labels).toContain(label);
  });

  test("a paused intent reads 'Paused', capitalised like 'Active'", async ({ page, user }) => {
    void user;
    await createIntent(page.request, 'tutoree', { course_code: 'bio-201' });
    await gotoRoute(page, '/matchmake?tab=tutoring&role=tutoree');
    const card = page.getByRole('region', { name: 'Your intent: bio-201' });
    await card.getByRole('button', { name: 'Pause' }).click();
    await expect(card.getByTestId('intent-status')).toHaveText('Paused');
  });
});
