import { BLOCKS_TEXTS, CHAT_TEXTS } from '@studium/protocol';
import { csrfHeader, expect, expectNoSeriousA11yViolations, gotoRoute, test } from './fixtures';
import { messageWith, openChat, postViaApi, secondUser } from './chat-helpers';
import { createGroupViaApi, openDmViaApi } from './dm-helpers';

const t = BLOCKS_TEXTS;

test('block from a profile: the DM is refused to the blocked user, the blocker sees collapsed messages, Settings unblocks', async ({
  page,
  browser,
  user,
}) => {
  test.slow();
  const x = await secondUser(browser);
  const dm = await openDmViaApi(x.page.request, user.username);
  const before = `Before the block ${Date.now()}`;
  await postViaApi(x.page.request, dm, before);

  // The blocker blocks X from X's public profile.
  await gotoRoute(page, `/userprofile/${x.username}`);
  await expect(page.getByRole('button', { name: t.mute })).toBeVisible();
  // Blocking asks first: Escape cancels, nothing changes.
  await page.getByRole('button', { name: t.block, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `${t.block} ${x.username}?` });
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole('button', { name: t.unblock })).toHaveCount(0);
  await page.getByRole('button', { name: t.block, exact: true }).click();
  await confirm.getByRole('button', { name: t.block, exact: true }).click();
  await expect(page.getByText(t.blocked(x.username))).toBeVisible();
  await expect(page.getByRole('button', { name: t.unblock })).toBeVisible();
  // Nobody offers to block oneself.
  await gotoRoute(page, `/userprofile/${user.username}`);
  await expect(page.getByRole('button', { name: t.block, exact: true })).toHaveCount(0);

  // X: Message on the blocker's profile is refused with the neutral text; so is a send in the old DM.
  await gotoRoute(x.page, `/userprofile/${user.username}`);
  await x.page.getByRole('button', { name: 'Message' }).click();
  await expect(x.page.getByText(t.cannotMessage)).toBeVisible();
  await expect(x.page.getByText(/blocked/i)).toHaveCount(0);
  const refused = await x.page.request.post(`/api/rooms/${dm}/messages/`, {
    data: { content: 'let me in' },
    headers: await csrfHeader(x.page.request),
  });
  expect(refused.status()).toBe(403);

  // The blocker: X's message from history is collapsed, and shows on a click.
  await openChat(page, dm);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText(t.blockedMessage)).toBeVisible();
  await expect(messageWith(page, before)).toHaveCount(0);
  await expect(messageWith(page, 'let me in')).toHaveCount(0);
  await log.getByRole('button', { name: t.showMessage }).click();
  await expect(messageWith(page, before)).toBeVisible();

  // A live message in a group (the blocker may still add X) arrives collapsed too.
  const group = await createGroupViaApi(page.request, 'Blocks group', [x.username]);
  await openChat(page, group);
  const live = `Live from X ${Date.now()}`;
  await postViaApi(x.page.request, group, live);
  const groupLog = page.getByRole('log', { name: 'Messages' });
  await expect(groupLog.getByText(t.blockedMessage)).toBeVisible();
  await expect(messageWith(page, live)).toHaveCount(0);

  // Settings lists X; unblocking there lets X open the DM again.
  await gotoRoute(page, '/profile');
  await page.getByRole('tab', { name: 'Settings' }).click();
  const list = page.getByRole('list', { name: t.blockedHeading });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText(`@${x.username}`);
  await expect(page.getByText(t.noneMuted)).toBeVisible();
  await list.getByRole('button', { name: `${t.unblock} @${x.username}` }).click();
  await expect(page.getByText(t.unblocked(x.username))).toBeVisible();
  await expect(page.getByText(t.noneBlocked)).toBeVisible();
  expect(await openDmViaApi(x.page.request, user.username)).toBe(dm);
  await x.context.close();
});

test('a block collapses the pinned messages of a room read before it, without a reload', async ({
  page,
  browser,
  user: _user,
}) => {
  const x = await secondUser(browser);
  const group = await createGroupViaApi(page.request, 'Pins and blocks', [x.username]);
  const text = `Pinned before the block ${Date.now()}`;
  const target = await postViaApi(x.page.request, group, text);
  const pinned = await page.request.post(`/api/messages/${target}/pin/`, {
    headers: await csrfHeader(page.request),
  });
  expect(pinned.status(), await pinned.text()).toBe(201);
  const pinnedButton = page.getByRole('button', { name: new RegExp(`^${CHAT_TEXTS.pins.button}`) });
  const panel = page.getByRole('dialog', { name: CHAT_TEXTS.pins.title });

  await openChat(page, group);
  await pinnedButton.click();
  await expect(panel.getByTestId('pinned-message')).toContainText(text);
  await page.keyboard.press('Escape');

  // In the same app (a link, not a reload): X's profile, Block, then back to the room.
  const inApp = (route: string) => page.evaluate((hash) => void (window.location.hash = hash), `#${route}`);
  await inApp(`/userprofile/${x.username}`);
  await page.getByRole('button', { name: t.block, exact: true }).click();
  await page
    .getByRole('dialog', { name: `${t.block} ${x.username}?` })
    .getByRole('button', { name: t.block, exact: true })
    .click();
  await expect(page.getByText(t.blocked(x.username))).toBeVisible();
  await inApp(`/chat/${group}`);
  await pinnedButton.click();
  await expect(panel.getByTestId('pinned-message')).toContainText(t.blockedMessage);
  await expect(panel.getByText(text)).toHaveCount(0);
  await x.context.close();
});

test('mute from a profile collapses the muted user’s messages and nothing else', async ({
  page,
  browser,
  user,
}) => {
  const x = await secondUser(browser);
  const dm = await openDmViaApi(x.page.request, user.username);
  const word = `hush${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}`;
  const text = `Hello from a muted user ${word}`;
  await postViaApi(x.page.request, dm, text);
  await gotoRoute(page, `/userprofile/${x.username}`);
  await page.getByRole('button', { name: t.mute }).click();
  await expect(page.getByText(t.muted(x.username))).toBeVisible();
  // X can still write.
  await postViaApi(x.page.request, dm, `${text} again`);
  await openChat(page, dm);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText(t.mutedMessage)).toHaveCount(2);
  await log.getByRole('button', { name: t.showMessage }).first().click();
  await expect(messageWith(page, text)).toHaveCount(1);
  // Search finds them collapsed too, as the room shows them.
  await gotoRoute(page, `/search?q=${word}`);
  const hits = page.getByTestId('search-hit');
  await expect(hits).toHaveCount(2);
  await expect(hits.filter({ hasText: t.mutedMessage })).toHaveCount(2);
  await expect(hits.filter({ hasText: word })).toHaveCount(0);
  await x.context.close();
});
