import type { Page, WebSocketRoute } from '@playwright/test';
import { ASSISTANT_BOTS, ASSISTANT_TEXTS, botConsentResponse, sessionResponse } from '@studium/protocol';
import { roomByPath, secondUser, send } from './chat-helpers';
import { createGroupViaApi } from './dm-helpers';
import {
  csrfHeader,
  expect,
  expectNoSeriousA11yViolations,
  gotoRoute,
  PASSWORD,
  routeOf,
  test,
  toast,
  uniqueUsername,
} from './fixtures';

// The assistants answer through the offline engine, streaming a few words at a time.
test.describe.configure({ timeout: 150_000 });

const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
/** The stored messages (positive ids) a user wrote in the open conversation. */
const messagesBy = (page: Page, username: string) =>
  log(page)
    .locator('article:not([data-message-id^="-"])')
    .filter({ has: page.getByRole('link', { name: username, exact: true }) });
/** Opens a chat room and waits for its live connection (the first page load of a busy machine may take a while). */
async function openRoom(page: Page, roomId: number) {
  await page.goto(`/#/chat/${roomId}`);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Connecting…|Reconnecting…/)).toHaveCount(0, { timeout: 30_000 });
}
/** The `type` of a room socket frame as sent. */
const frameType = (frame: string): unknown => (JSON.parse(frame) as { type?: unknown }).type;
const card = (page: Page) => page.getByRole('region', { name: 'What I understood' });

test('a new user takes the tour, answers the interview in free text and saves it to the profile and matchmaking', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const username = uniqueUsername('iv');
  await gotoRoute(page, '/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect.poll(() => routeOf(page)).toBe('/onboarding');

  // The tour: the arrow keys (at once, before anything in the tour has the focus), Next and the
  // step dots; the last step offers the two ways on.
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Message people and groups' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('Step 3 of 4')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Step 4: Let the assistants help' }).click();
  await expect(page.getByRole('button', { name: 'Step 4: Let the assistants help' })).toHaveAttribute(
    'aria-current',
    'step',
  );
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: ASSISTANT_TEXTS.tourExploreRooms })).toBeVisible();
  await page.getByRole('button', { name: ASSISTANT_TEXTS.tourStartInterview }).click();
  await expect.poll(() => routeOf(page)).toBe('/matchmaking_bot');
  const session = sessionResponse.parse(await (await page.request.get('/api/session/')).json());
  expect(session.onboarding_completed).toBe(true);

  // The interview bot greets first; the card is still empty and cannot be saved.
  await expect(messagesBy(page, ASSISTANT_BOTS.interview)).toHaveCount(1, { timeout: 15_000 });
  const save = card(page).getByRole('button', { name: 'Save to my profile' });
  await expect(save).toBeDisabled();

  await send(
    page,
    'second year CS, stuck on linear algebra, free Tue/Thu after 6, English and some German, online is fine',
  );
  await expect(messagesBy(page, ASSISTANT_BOTS.interview)).toHaveCount(2, { timeout: 15_000 });
  const understood = card(page);
  await expect(understood.getByRole('button', { name: /^Remove MATH-110/ })).toBeVisible();
  await expect(understood.getByRole('button', { name: 'Remove English' })).toBeVisible();
  await expect(understood.getByRole('button', { name: 'Remove German' })).toBeVisible();
  await expect(understood.getByLabel('How you like to meet')).toHaveValue('online');
  await expect(understood.getByRole('radio', { name: 'Looking for a tutor' })).toBeChecked();
  await expect(understood.getByRole('group', { name: /^Time block/ })).toHaveCount(2);
  await expect(understood.getByLabel('Studies')).toHaveValue(/second year CS/i);
  await expect(save).toBeEnabled();

  // Whatever it asks next (hobbies, campus), the answer adds to the card.
  await send(page, 'I like chess and running, and I am on the north campus');
  await expect(messagesBy(page, ASSISTANT_BOTS.interview)).toHaveCount(3, { timeout: 15_000 });
  await expect(understood.getByRole('button', { name: 'chess', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // An edit on the card is kept.
  await understood.getByRole('button', { name: 'cooking', exact: true }).click();

  await save.click();
  await expect(toast(page, ASSISTANT_TEXTS.interviewSaved)).toBeVisible();
  await understood.getByRole('link', { name: 'Your profile' }).click();
  await expect.poll(() => routeOf(page)).toBe('/profile');
  await expect(page.getByLabel('Studies', { exact: true })).toHaveValue(/second year CS/i);
  await expect(page.getByLabel('Languages spoken', { exact: true })).toHaveValue(/(german|de)\b/i);
  await expect(page.getByLabel('Interests & tags', { exact: true })).toHaveValue(/chess/);
  await expect(page.getByLabel('Interests & tags', { exact: true })).toHaveValue(/cooking/);

  await gotoRoute(page, '/matchmake?tab=tutoring&role=tutoree');
  await expect(page.getByRole('heading', { name: /Your intent: math-110/i })).toBeVisible();
});

test('a failed save keeps the card and shows the reason', async ({ page, user, allowConsoleError }) => {
  void user;
  allowConsoleError(/status of 400/);
  await gotoRoute(page, '/matchmaking_bot');
  await expect(messagesBy(page, ASSISTANT_BOTS.interview)).toHaveCount(1, { timeout: 15_000 });
  const understood = card(page);
  await understood.getByLabel('Campus').fill('North');
  await understood.getByRole('button', { name: 'Add time block' }).click();
  await understood.getByLabel('Start').fill('20:00');
  await understood.getByLabel('End').fill('18:00');
  await understood.getByRole('button', { name: 'Save to my profile' }).click();
  await expect(toast(page, ASSISTANT_TEXTS.interviewSaveFailed)).toBeVisible();
  await expect(understood.getByText('A time block must end after it starts.')).toBeVisible();
  await expect(understood.getByLabel('Campus')).toHaveValue('North');
});

test('the discovery bot finds the linear algebra room for eigenvectors, and Join opens it', async ({
  page,
  user,
}) => {
  void user;
  const algebra = await roomByPath(page.request, 'science.mathematics.math-110');
  await gotoRoute(page, '/discovery_bot');
  await expect(messagesBy(page, ASSISTANT_BOTS.discovery)).toHaveCount(1, { timeout: 15_000 });
  const question = "I can't get my head around eigenvectors";
  // A first visit offers example requests; this one is among them.
  await page.getByRole('button', { name: question }).click();
  await expect(messagesBy(page, ASSISTANT_BOTS.discovery)).toHaveCount(2, { timeout: 15_000 });
  const rooms = page.getByRole('list', { name: `Rooms for “${question}”` });
  const suggestion = rooms.getByRole('listitem').filter({ hasText: algebra.name });
  await expect(suggestion).toBeVisible();
  await expect(suggestion).toContainText(/fit/);
  await expect(page.getByRole('button', { name: question })).toHaveCount(0);
  await expect(suggestion.getByRole('link', { name: `Open ${algebra.name}` })).toHaveAttribute(
    'href',
    `#/chat/${algebra.id}`,
  );

  await suggestion.getByRole('button', { name: `Join ${algebra.name}` }).click();
  await expect.poll(() => routeOf(page)).toBe(`/chat/${algebra.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(algebra.name);
  const detail = await roomByPath(page.request, String(algebra.id));
  expect(detail.member).toBe(true);

  // Back on the page, the same room now reads Joined.
  await gotoRoute(page, '/discovery_bot');
  const again = page
    .getByRole('list', { name: `Rooms for “${question}”` })
    .getByRole('listitem')
    .filter({ hasText: algebra.name });
  await expect(again.getByText('Joined')).toBeVisible({ timeout: 15_000 });
  await expect(again.getByRole('button', { name: `Join ${algebra.name}` })).toHaveCount(0);
});

test('in a room that allows bots, another member sees the summary stream in and then the labelled bot message', async ({
  page,
  user,
  browser,
  baseURL,
}) => {
  const other = await secondUser(browser, baseURL);
  const room = await createGroupViaApi(page.request, `Bot group ${Date.now()}`, [other.username]);
  const headers = await csrfHeader(page.request);
  const allow = await page.request.post(`/api/rooms/${room}/bot-allowed/`, {
    data: { is_bot_allowed: true },
    headers,
  });
  expect(allow.ok(), await allow.text()).toBe(true);
  for (const content of [
    'We meet on Thursday at the library to revise eigenvalues.',
    'Bring the problem sheet from week five, please.',
  ]) {
    const res = await other.page.request.post(`/api/rooms/${room}/messages/`, {
      data: { content },
      headers: await csrfHeader(other.page.request),
    });
    expect(res.ok(), await res.text()).toBe(true);
  }

  // The other member's room socket holds the bot's frames back once they start, so the test can
  // hand them to the page one at a time and see the temporary message grow with each.
  const held: string[] = [];
  let toPage: WebSocketRoute | undefined;
  await other.page.routeWebSocket(/\/ws\/room\/\d+\/$/, (ws) => {
    const server = ws.connectToServer();
    toPage = ws;
    server.onMessage((message) => {
      const text = String(message);
      if (held.length > 0 || frameType(text) === 'bot_stream') held.push(text);
      else ws.send(message);
    });
  });
  await openRoom(page, room);
  await openRoom(other.page, room);

  await send(page, `@${ASSISTANT_BOTS.room} summarise`);
  // The whole reply has been streamed and stored when its final message frame is in.
  await expect.poll(() => held.some((f) => frameType(f) === 'message'), { timeout: 15_000 }).toBe(true);
  const temp = other.page.locator('article[data-message-id^="-"]');
  const shownLength = () => temp.evaluate((el) => el.textContent?.length ?? 0);
  let streamed = '';
  const lengths: number[] = [];
  for (const frame of held) {
    toPage!.send(frame);
    const parsed = JSON.parse(frame) as { type?: string; delta?: string };
    if (parsed.type !== 'bot_stream') continue;
    // Each delta shows at once: the last word streamed so far is on the page, labelled as the bot's.
    streamed += parsed.delta ?? '';
    const lastWord = streamed.match(/[\p{L}\p{N}]+/gu)?.at(-1) ?? '';
    await expect(temp).toContainText(lastWord);
    await expect(temp.getByText(ASSISTANT_TEXTS.botLabel, { exact: true })).toBeVisible();
    lengths.push(await shownLength());
  }
  expect(lengths.length, 'the reply came in several deltas').toBeGreaterThan(2);
  expect(lengths, 'the temporary message only grows').toEqual([...lengths].sort((a, b) => a - b));
  expect(new Set(lengths).size, 'it grew over several frames').toBeGreaterThan(2);

  // The stored message replaced it, labelled as the bot's.
  const reply = messagesBy(other.page, ASSISTANT_BOTS.room);
  await expect(reply).toHaveCount(1);
  await expect(temp).toHaveCount(0);
  await expect(reply.getByText(ASSISTANT_TEXTS.botLabel, { exact: true })).toBeVisible();
  // The human messages carry no label.
  await expect(
    messagesBy(other.page, other.username).getByText(ASSISTANT_TEXTS.botLabel, { exact: true }),
  ).toHaveCount(0);

  await other.page.getByRole('button', { name: 'Room actions' }).click();
  await expect(other.page.getByRole('menu')).toContainText(ASSISTANT_TEXTS.botRoomNotice);
  expect(other.errors).toEqual([]);
  await other.context.close();
  void user;
});

test('the bot-reading consent switch saves and stays after a reload', async ({ page, user }) => {
  void user;
  const openSettings = async () => {
    await gotoRoute(page, '/profile');
    await page.getByRole('tab', { name: 'Settings' }).click();
    return page.getByRole('switch', { name: ASSISTANT_TEXTS.consentLabel });
  };
  let consent = await openSettings();
  await expect(consent).toBeChecked();
  await expect(page.getByText(ASSISTANT_TEXTS.consentHelp)).toBeVisible();
  await consent.click();
  await expect(toast(page, 'Bots will not read your messages')).toBeVisible();
  const saved = botConsentResponse.parse(await (await page.request.get('/api/assistants/consent/')).json());
  expect(saved.bots_may_read).toBe(false);

  consent = await openSettings();
  await expect(consent).not.toBeChecked();
  await consent.click();
  await expect(toast(page, 'Bots may read your messages')).toBeVisible();
  await expect(consent).toBeChecked();
});

test('About says what may leave the server for the assistants', async ({ page }) => {
  await gotoRoute(page, '/about');
  const section = page.getByRole('region', { name: 'The assistants and your data' });
  await expect(section).toContainText('nothing you write to them, and nothing they read, leaves the server');
  for (const item of [
    'the message of the person asking a bot',
    'from people who have not switched off bot reading',
    'your answers in the matchmaking interview',
    'the names and descriptions of the rooms you may read',
  ]) {
    await expect(section.getByRole('listitem').filter({ hasText: item })).toHaveCount(1);
  }
});

for (const theme of ['light', 'dark'] as const) {
  test(`the tour, the interview and the discovery pages have no serious axe violations (${theme})`, async ({
    page,
    user,
  }) => {
    void user;
    await page.request.post('/api/profile/settings/darkmode/', {
      data: { darkmode_enabled: theme === 'dark' },
      headers: await csrfHeader(page.request),
    });
    await gotoRoute(page, '/onboarding');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Step 4: Let the assistants help' }).click();
    await expectNoSeriousA11yViolations(page);

    await gotoRoute(page, '/matchmaking_bot');
    await expect(messagesBy(page, ASSISTANT_BOTS.interview)).toHaveCount(1, { timeout: 15_000 });
    await expect(card(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await gotoRoute(page, '/discovery_bot');
    await expect(messagesBy(page, ASSISTANT_BOTS.discovery)).toHaveCount(1, { timeout: 15_000 });
    await expectNoSeriousA11yViolations(page);
  });
}
