import { DM_PAGE_TEXTS, GROUP_TEXTS } from '@studium/protocol';
import {
  expect,
  expectNoSeriousA11yViolations,
  gotoRoute,
  registerViaApi,
  routeOf,
  test,
  uniqueUsername,
} from './fixtures';
import { openChat, secondUser } from './chat-helpers';
import { conversationRow, createGroupViaApi } from './dm-helpers';

const t = GROUP_TEXTS;
// Two browsers with a chat screen each: on a busy machine each step takes longer than usual.
const SLOW = 30_000;
const expectSoon = expect.configure({ timeout: 20_000 });

test('a member leaves a group after confirming: it leaves their list, and the owner sees them gone live', async ({
  page,
  browser,
  user,
}) => {
  test.slow();
  const mate = await secondUser(browser);
  const third = uniqueUsername('third');
  await registerViaApi(page.request, third);
  const room = await createGroupViaApi(page.request, 'Leaving soon', [mate.username, third]);
  // The owner's conversations, searched by the mate's name, find the group while the mate is in it.
  await gotoRoute(page, '/dms');
  await page.getByRole('searchbox', { name: 'Search users and groups' }).fill(mate.username);
  await expectSoon(conversationRow(page, 'Leaving soon')).toBeVisible();
  await openChat(mate.page, room, SLOW);

  await mate.page.getByRole('button', { name: 'Room actions' }).click();
  await mate.page.getByRole('menuitem', { name: t.leave }).click();
  const dialog = mate.page.getByRole('dialog', { name: t.leaveTitle });
  await expectSoon(dialog).toContainText(t.leaveBody);
  await expectNoSeriousA11yViolations(mate.page, '[role="dialog"]');
  // Cancel keeps everything as it was.
  await dialog.getByRole('button', { name: t.cancel }).click();
  await expectSoon(dialog).toBeHidden();
  await mate.page.getByRole('button', { name: 'Room actions' }).click();
  await mate.page.getByRole('menuitem', { name: t.leave }).click();
  await mate.page
    .getByRole('dialog', { name: t.leaveTitle })
    .getByRole('button', { name: t.leaveConfirm })
    .click();
  await expectSoon(mate.page.getByText(t.left)).toBeVisible();
  await expect.poll(() => routeOf(mate.page)).toBe('/dms');
  await expectSoon(conversationRow(mate.page, 'Leaving soon')).toHaveCount(0);
  // Live on the owner's list: the mate is no longer among the members, the third still is.
  await expectSoon(conversationRow(page, 'Leaving soon')).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search users and groups' }).fill(third);
  await expectSoon(conversationRow(page, 'Leaving soon')).toBeVisible();
  expect(mate.errors).toEqual([]);
  await mate.context.close();
  void user;
});

test('the owner adds someone to a group, who sees it appear live; a member has no such action', async ({
  page,
  browser,
  user,
}) => {
  test.slow();
  const newcomer = await secondUser(browser);
  const mate = uniqueUsername('mate');
  await registerViaApi(page.request, mate);
  const room = await createGroupViaApi(page.request, 'Growing group', [mate]);
  await gotoRoute(newcomer.page, '/dms');
  await expectSoon(newcomer.page.getByText(DM_PAGE_TEXTS.empty)).toBeVisible();

  await openChat(page, room, SLOW);
  await page.getByRole('button', { name: 'Room actions' }).click();
  await page.getByRole('menuitem', { name: t.addMembers }).click();
  const dialog = page.getByRole('dialog', { name: t.addTitle });
  await dialog.getByRole('searchbox', { name: 'Find a user' }).fill(newcomer.username);
  await dialog.getByRole('button', { name: newcomer.username, exact: true }).click();
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: t.addConfirm, exact: true }).click();
  await expectSoon(page.getByText(t.added)).toBeVisible();
  await expectSoon(dialog).toBeHidden();

  // Without a reload, the group is in the newcomer's list, and they can open it.
  await expectSoon(conversationRow(newcomer.page, 'Growing group')).toBeVisible();
  await conversationRow(newcomer.page, 'Growing group').click();
  await expectSoon(newcomer.page.getByRole('heading', { level: 1, name: 'Growing group' })).toBeVisible();
  await newcomer.page.getByRole('button', { name: 'Room actions' }).click();
  await expectSoon(newcomer.page.getByRole('menuitem', { name: t.leave })).toBeVisible();
  await expectSoon(newcomer.page.getByRole('menuitem', { name: t.addMembers })).toHaveCount(0);
  await newcomer.page.keyboard.press('Escape');
  expect(newcomer.errors).toEqual([]);
  await newcomer.context.close();
  void user;
});
