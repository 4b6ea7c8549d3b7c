import type { Page } from '@playwright/test';
import {
  INVITATION_TEXTS,
  PARTY_TEXTS,
  activePartyResponse,
  type PartyPayloadInput,
} from '@studium/protocol';
import { messageWith, secondUser } from './chat-helpers';
import {
  csrfHeader,
  expect,
  expectNoSeriousA11yViolations,
  gotoRoute,
  loggedInApi,
  routeOf,
  test,
  toast,
} from './fixtures';

const t = PARTY_TEXTS;
const it = INVITATION_TEXTS;

const wizard = (page: Page) => page.getByRole('form', { name: 'Party intent' });
const partyCard = (page: Page) => page.getByRole('region', { name: t.activeParty });
const memberRow = (page: Page, name: string) =>
  partyCard(page)
    .getByRole('list', { name: 'Party members' })
    .getByRole('listitem')
    .filter({ hasText: name });

/** The owner lists two registered teammates through the wizard. */
async function listTeammates(page: Page, topic: string, mates: Array<{ display: string; username: string }>) {
  const form = wizard(page);
  const next = form.getByRole('button', { name: t.next });
  await form.getByRole('combobox', { name: 'Topic' }).fill(topic);
  await next.click();
  await form.getByRole('spinbutton', { name: 'Target group size' }).fill('5');
  await form.getByRole('spinbutton', { name: 'People already in group' }).fill(String(mates.length + 1));
  for (const [i, mate] of mates.entries()) {
    const group = form.getByRole('group', { name: `Teammate ${i + 2}` });
    await group.getByRole('textbox', { name: 'Display name' }).fill(mate.display);
    await group.getByRole('combobox', { name: 'Username (optional)' }).fill(mate.username);
  }
  await next.click();
  await next.click();
  await form.getByRole('button', { name: t.saveParty }).click();
  await expect(toast(page, t.saved)).toBeVisible();
}

test('a listed teammate accepts in the Group tab, and a match puts only confirmed members in the room', async ({
  page,
  user,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const topic = 'phil-201';
  const mate = await secondUser(browser, baseURL);
  const quiet = await loggedInApi(baseURL!, 'q');

  // The owner lists both; neither counts yet, and the card says so.
  await gotoRoute(page, '/matchmake');
  await expect(page.getByText(t.noParty)).toBeVisible({ timeout: 15_000 });
  await listTeammates(page, topic, [
    { display: 'Mate', username: mate.username },
    { display: 'Quiet', username: quiet.username },
  ]);
  await expect(partyCard(page)).toContainText(t.members(1, 5));
  await expect(memberRow(page, 'Quiet').getByTestId('teammate-standing')).toHaveText(it.standing.pending);
  await expect(memberRow(page, 'Mate').getByTestId('teammate-standing')).toHaveText(it.standing.pending);

  // The teammate finds the invitation in the Group tab and accepts it.
  await gotoRoute(mate.page, '/matchmake');
  const invitation = mate.page.getByTestId('party-invitation').filter({ hasText: user.username });
  await expect(invitation).toContainText(it.invited(user.username, topic), { timeout: 15_000 });
  await expect(mate.page.getByRole('heading', { name: it.heading })).toBeVisible();
  await expectNoSeriousA11yViolations(mate.page);
  await invitation.getByRole('button', { name: it.accept }).click();
  await expect(toast(mate.page, it.accepted)).toBeVisible();
  await expect(invitation).toHaveCount(0);

  // The owner's card now counts the teammate; the other one still waits.
  await partyCard(page).getByRole('button', { name: t.refresh }).click();
  await expect(partyCard(page)).toContainText(t.members(2, 5));
  await expect(memberRow(page, 'Mate').getByTestId('teammate-standing')).toHaveCount(0);
  await expect(memberRow(page, 'Quiet').getByTestId('teammate-standing')).toHaveText(it.standing.pending);

  // Another party accepts this one; the owner accepts back and lands in the room.
  const other = await loggedInApi(baseURL!, 'o');
  const payload: PartyPayloadInput = {
    topic_key: topic,
    target_size: 5,
    existing_member_count: 1,
    availability: [{ day: 'wed', start: '10:00', end: '12:00' }],
    members: [{ username: other.username, display_name: other.username, is_owner: true }],
  };
  const saved = await other.api.post('/api/party/active', {
    data: payload,
    headers: await csrfHeader(other.api),
  });
  const otherParty = activePartyResponse.parse(await saved.json()).party!;
  const mine = activePartyResponse.parse(await (await page.request.get('/api/party/active')).json()).party!;
  const offered = await other.api.post(`/api/party/${otherParty.id}/accept`, {
    data: { other_party_id: mine.id },
    headers: await csrfHeader(other.api),
  });
  expect(offered.status()).toBe(200);
  await partyCard(page).getByRole('button', { name: t.refresh }).click();
  const theirs = page.getByTestId('party-recommendation').filter({ hasText: other.username });
  await expect(theirs).toContainText(t.theyAcceptedYou);
  const accepted = page.waitForResponse((r) => /\/api\/party\/\d+\/accept$/.test(r.url()));
  await theirs.getByRole('button', { name: 'Accept' }).click();
  const answer = (await (await accepted).json()) as { state: string; room_id: number };
  expect(answer.state).toBe('MATCHED');
  await expect.poll(() => routeOf(page)).toBe(`/chat/${answer.room_id}`);
  const welcome = messageWith(page, 'Study group for PHIL-201');
  await expect(welcome).toContainText(mate.username, { timeout: 10_000 });
  await expect(welcome).not.toContainText(quiet.username);

  // The teammate who accepted is in the room; the one who did not is not.
  await gotoRoute(mate.page, `/chat/${answer.room_id}`);
  await expect(messageWith(mate.page, 'Study group for PHIL-201')).toBeVisible({ timeout: 10_000 });
  // The match room is a conversation the quiet user is not in: it does not exist for them.
  expect((await quiet.api.get(`/api/rooms/${answer.room_id}/messages/`)).status()).toBe(404);

  expect(mate.errors).toEqual([]);
  await mate.context.close();
  await quiet.api.dispose();
  await other.api.dispose();
});
