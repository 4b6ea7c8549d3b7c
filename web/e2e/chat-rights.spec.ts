import path from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, loginViaApi, registerViaApi, test, uniqueUsername } from './fixtures';
import { messageWith, openChat, roomByPath, send } from './chat-helpers';
import { ServerProcess } from './server-process';

// Its own server: the seeded rooms are all write-gated, so this one opens one up in its database.
const server = new ServerProcess(Number(process.env.E2E_PORT ?? 8123) + 31);
const OPEN_ROOM = 'campus_life.running';
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  await server.start();
  await server.stop();
  const db = new SQLite(path.join(server.dataDir, 'studium.sqlite3'));
  db.prepare('UPDATE rooms SET is_write_gated = 0 WHERE path = ?').run(OPEN_ROOM);
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
