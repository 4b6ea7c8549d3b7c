import path from 'node:path';
import type { Page } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { expect, loginViaApi, registerViaApi, test, uniqueUsername } from './fixtures';
import { messageWith, openChat, roomByPath, secondUser, send } from './chat-helpers';
import { ServerProcess } from './server-process';

// Its own server: the seeded rooms are all write-gated, so this one opens one up in its database,
// and gives it an owner who can log in (a demo account).
const server = new ServerProcess(Number(process.env.E2E_PORT ?? 8123) + 31);
const OPEN_ROOM = 'campus_life.running';
const OWNER = 'maya';
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  await server.start();
  await server.stop();
  const db = new SQLite(path.join(server.dataDir, 'studium.sqlite3'));
  db.prepare(
    'UPDATE rooms SET is_write_gated = 0, owner_id = (SELECT id FROM users WHERE username = ?) WHERE path = ?',
  ).run(OWNER, OPEN_ROOM);
  db.close();
  await server.start();
});
test.afterAll(async () => server.dispose());

test('a non-member writes, replies and reacts in a public room that is not write-gated', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  const username = uniqueUsername('w');
  await registerViaApi(page.request, username);
  await loginViaApi(page.request, username);

  const room = await roomByPath(page.request, OPEN_ROOM);
  expect(room).toMatchObject({
    is_write_gated: false,
    member: false,
    can_write: true,
    joins_on_write: false,
  });
  await openChat(page, room.id);
  await expect(page.getByText(/read-only/)).toHaveCount(0);
  const text = `Open room hello ${Date.now()}`;
  await send(page, text);
  const mine = messageWith(page, text);
  await expect(mine).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Reply' })).toBeVisible();
  await mine.getByRole('button', { name: 'thumbs up' }).click();
  await expect(mine.getByRole('button', { name: 'thumbs up, 1' })).toBeVisible();
  await context.close();
});

test("Edit and Delete show as the reader's rights allow: the author both, the room's owner Delete only, another reader neither", async ({
  browser,
}) => {
  test.slow();
  const author = await secondUser(browser, server.baseURL);
  const reader = await secondUser(browser, server.baseURL);
  const ownerContext = await browser.newContext({ baseURL: server.baseURL });
  const owner = await ownerContext.newPage();
  await loginViaApi(owner.request, OWNER, server.demoPassword(OWNER));
  const room = await roomByPath(owner.request, OPEN_ROOM);

  // The owner and the reader have the room open: the message reaches them live.
  for (const page of [owner, reader.page, author.page]) await openChat(page, room.id);
  const text = `Rights check ${Date.now()}`;
  await send(author.page, text);

  const expectButtons = async (page: Page, edit: number, del: number) => {
    const message = messageWith(page, text);
    await expect(message).toBeVisible();
    await expect(message.getByRole('button', { name: 'Reply' })).toBeVisible();
    await expect(message.getByRole('button', { name: 'Edit' })).toHaveCount(edit);
    await expect(message.getByRole('button', { name: 'Delete' })).toHaveCount(del);
  };
  const check = async () => {
    await expectButtons(author.page, 1, 1);
    await expectButtons(owner, 0, 1);
    await expectButtons(reader.page, 0, 0);
  };
  await check();
  // The same from the history, as the room opens again.
  for (const page of [owner, reader.page, author.page]) {
    await page.reload();
    await openChat(page, room.id);
  }
  await check();

  // The owner's Delete works: everyone sees the tombstone, without buttons.
  await messageWith(owner, text).getByRole('button', { name: 'Delete' }).click();
  await owner
    .getByRole('dialog', { name: 'Delete message?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  const tombstone = author.page.locator('[data-deleted="true"]').last();
  await expect(tombstone).toContainText('Message deleted');
  await expect(messageWith(author.page, text)).toHaveCount(0);
  expect([...author.errors, ...reader.errors]).toEqual([]);
  await Promise.all([author.context.close(), reader.context.close(), ownerContext.close()]);
});
