import { CHAT_TEXTS, GROUP_TEXTS } from '@studium/protocol';
import { expect, expectNoSeriousA11yViolations, loginViaApi, test } from './fixtures';
import { messageWith, openChat, roomByPath, secondUser, send } from './chat-helpers';
import { pageOn, ServerProcess } from './server-process';

// Its own server, for the seeded owner of a members-only room (maya) and her password. Another
// port than the other specs with their own server, so all may run at once.
const server = new ServerProcess(Number(process.env.E2E_PORT ?? 8123) + 53);
const ROOM = 'science.mathematics.math-101.tutors';
const expectSoon = expect.configure({ timeout: 20_000 });

test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

test("a members-only room's owner adds someone through Add people, who then opens and writes in it", async ({
  browser,
}) => {
  test.slow();
  const newcomer = await secondUser(browser, server.baseURL);
  const room = await roomByPath(newcomer.page.request, ROOM);
  expect(room).toMatchObject({ is_public_readable: false, can_read: false, can_join: false });

  const owner = await pageOn(browser, server, /mark_read/);
  await loginViaApi(owner.page.request, 'maya', server.demoPassword('maya'));
  await openChat(owner.page, room.id, 20_000);
  await owner.page.getByRole('button', { name: 'Room actions' }).click();
  await owner.page.getByRole('menuitem', { name: GROUP_TEXTS.addMembers }).click();
  const dialog = owner.page.getByRole('dialog', { name: CHAT_TEXTS.rooms.addTitle });
  await dialog.getByRole('searchbox', { name: 'Find a user' }).fill(newcomer.username);
  await dialog.getByRole('button', { name: newcomer.username, exact: true }).click();
  await expectNoSeriousA11yViolations(owner.page, '[role="dialog"]');
  await dialog.getByRole('button', { name: GROUP_TEXTS.addConfirm, exact: true }).click();
  await expectSoon(owner.page.getByText(GROUP_TEXTS.added)).toBeVisible();
  await expectSoon(dialog).toBeHidden();

  // Now a member, they are no longer offered.
  await owner.page.getByRole('button', { name: 'Room actions' }).click();
  await owner.page.getByRole('menuitem', { name: GROUP_TEXTS.addMembers }).click();
  await dialog.getByRole('searchbox', { name: 'Find a user' }).fill(newcomer.username);
  await expectSoon(dialog.getByText('No users found')).toBeVisible();
  await owner.page.keyboard.press('Escape');

  // The newcomer is told who added them where, and opens the room and writes in it.
  await newcomer.page.goto('/#/notifications');
  await expectSoon(newcomer.page.getByText(`maya added you to ${room.name}`)).toBeVisible();
  await openChat(newcomer.page, room.id, 20_000);
  const text = `Hello tutors ${Date.now()}`;
  await send(newcomer.page, text);
  await expectSoon(messageWith(owner.page, text)).toBeVisible();
  // A member who does not own the room has no Add people.
  await newcomer.page.getByRole('button', { name: 'Room actions' }).click();
  await expectSoon(newcomer.page.getByRole('menuitem', { name: 'Room details' })).toBeVisible();
  await expect(newcomer.page.getByRole('menuitem', { name: GROUP_TEXTS.addMembers })).toHaveCount(0);
  await newcomer.page.keyboard.press('Escape');
  expect(owner.errors).toEqual([]);
  expect(newcomer.errors).toEqual([]);
  await Promise.all([owner.context.close(), newcomer.context.close()]);
});
