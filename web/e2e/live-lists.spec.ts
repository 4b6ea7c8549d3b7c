import type { Page, Route } from '@playwright/test';
import { DM_PAGE_TEXTS as t, NOTIFICATION_PAGE_TEXTS } from '@studium/protocol';
import { postViaApi, roomByPath, secondUser } from './chat-helpers';
import {
  conversationRow,
  createGroupViaApi,
  notificationsLink,
  openDmViaApi,
  secondUserWithGroup,
} from './dm-helpers';
import { csrfHeader, expect, goInApp, gotoRoute, test } from './fixtures';

/**
 * Every list is kept current by the notification socket while it is off screen (docs/notifications.md):
 * the user opens it once, goes to read a room, another user acts, and the user comes back through
 * the app (never a reload) to the new state.
 */

/** Marks the document: a reload would lose the mark, so the test can prove it stayed one app. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { sameDocument?: boolean }).sameDocument = true));
}

async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
}

/** Reads a public room in-app and waits for its live connection. */
async function readRoomInApp(page: Page, roomId: number) {
  await goInApp(page, `/chat/${roomId}`);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled({ timeout: 10_000 });
  await expect(page.getByText(/Connecting…|Reconnecting…/)).toHaveCount(0, { timeout: 10_000 });
}

/**
 * Holds the app's requests to `url` until released: what a screen shows meanwhile is its cache
 * alone, so it proves the cache was kept current (a slow answer shows no old state either).
 */
async function holdRequests(page: Page, url: RegExp) {
  const held: Route[] = [];
  let released = false;
  await page.route(url, (route) => (released ? route.fallback() : void held.push(route)));
  return async () => {
    released = true;
    // A request the app gave up on meanwhile (the screen was left) is over already.
    await Promise.all(held.map((route) => route.fallback().catch(() => undefined)));
    await page.unroute(url);
  };
}

function navTab(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
}

test.describe('lists stay current while off screen', () => {
  test('a new direct conversation reaches the Direct Messages list of its other member', async ({
    page,
    user,
    browser,
    baseURL,
  }) => {
    const alice = await secondUser(browser, baseURL);
    const lobby = await roomByPath(page.request, 'science.computer_science');
    await openDmViaApi(page.request, alice.username);
    await gotoRoute(page, '/dms');
    await markDocument(page);
    await expect(conversationRow(page, alice.username)).toBeVisible();
    await readRoomInApp(page, lobby.id);

    // A second person opens a conversation with the reader, without a word yet.
    const carol = await secondUser(browser, baseURL);
    await gotoRoute(carol.page, '/dms');
    await openDmViaApi(carol.page.request, user.username);

    await navTab(page, 'Direct Messages').click();
    await expect(conversationRow(page, carol.username)).toContainText(t.noMessagesDirect);
    await expectSameDocument(page);
    expect([...alice.errors, ...carol.errors]).toEqual([]);
    await alice.context.close();
    await carol.context.close();
  });

  test('a new group reaches the list of its members, without a mention badge', async ({
    page,
    user,
    browser,
    baseURL,
  }) => {
    const alice = await secondUser(browser, baseURL);
    const lobby = await roomByPath(page.request, 'science.computer_science');
    await openDmViaApi(page.request, alice.username);
    await gotoRoute(page, '/dms');
    await markDocument(page);
    await expect(conversationRow(page, alice.username)).toBeVisible();
    await readRoomInApp(page, lobby.id);

    await gotoRoute(alice.page, '/dms');
    const name = `Reading club ${Date.now().toString(36)}`;
    await createGroupViaApi(alice.page.request, name, [user.username]);
    // The bell hears of it while the reader stays in the room.
    await expect(notificationsLink(page)).toHaveAccessibleName('Notifications, 1 unread');

    await navTab(page, 'Direct Messages').click();
    const row = conversationRow(page, `${name} · StudyRoom`);
    await expect(row).toContainText(t.noMessagesGroup);
    // Being added is a notification, not a mention: nobody mentioned the reader.
    await expect(row.getByTestId('mention-badge')).toHaveCount(0);
    await expectSameDocument(page);
    expect(alice.errors).toEqual([]);
    await alice.context.close();
  });

  test("a muted group's new message moves its preview and its place in the list", async ({
    page,
    user,
    browser,
    baseURL,
  }) => {
    const { alice, group, name } = await secondUserWithGroup(browser, baseURL, 'Quiet group', [
      user.username,
    ]);
    await postViaApi(alice.page.request, group, 'first words in the group');
    const res = await page.request.post(`/api/rooms/${group}/notification-level/`, {
      data: { level: 'mute' },
      headers: await csrfHeader(page.request),
    });
    expect(res.status(), await res.text()).toBe(200);
    const busy = await createGroupViaApi(page.request, `Busy group ${Date.now().toString(36)}`, [
      alice.username,
    ]);
    await postViaApi(page.request, busy, 'a newer group message');
    const lobby = await roomByPath(page.request, 'science.computer_science');

    await gotoRoute(page, '/dms');
    await markDocument(page);
    const row = conversationRow(page, `${name} · StudyRoom`);
    await expect(row).toContainText('first words in the group');
    await expect(
      page
        .getByRole('list', { name: t.groupSection(2) })
        .getByTestId('conversation-row')
        .first(),
    ).toContainText('Busy group');
    await readRoomInApp(page, lobby.id);

    await gotoRoute(alice.page, `/chat/${group}`);
    await postViaApi(alice.page.request, group, 'second words, muted for the reader');

    await navTab(page, 'Direct Messages').click();
    await expect(row).toContainText('second words, muted for the reader');
    // Newest first: the muted group moved above the other one.
    const groups = page.getByRole('list', { name: t.groupSection(2) }).getByTestId('conversation-row');
    await expect(groups.first()).toContainText(name);
    await expectSameDocument(page);
    expect(alice.errors).toEqual([]);
    await alice.context.close();
  });

  test('the room cards on /home count the messages written while the reader was elsewhere', async ({
    page,
    user: _user,
    browser,
    baseURL,
  }) => {
    const alice = await secondUser(browser, baseURL);
    const room = await roomByPath(page.request, 'science.physics.phys-201');
    await postViaApi(page.request, room.id, 'joining the physics room');
    const lobby = await roomByPath(page.request, 'science.computer_science');

    await gotoRoute(page, '/home?path=science.physics');
    await markDocument(page);
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: room.name, exact: true }) });
    const before = Number((await card.getByText(/^\d+ messages?$/).textContent())?.split(' ')[0]);
    await readRoomInApp(page, lobby.id);

    await gotoRoute(alice.page, '/home');
    await postViaApi(alice.page.request, room.id, 'a question about torque');
    await postViaApi(alice.page.request, room.id, 'and one about momentum');

    const release = await holdRequests(page, /\/api\/rooms\/\?scope=tree/);
    await goInApp(page, '/home?path=science.physics');
    await expect(card.getByText(`${before + 2} messages`)).toBeVisible();
    await expect(card.getByRole('img', { name: '2 unread messages' })).toHaveText('2');
    await release();
    await expectSameDocument(page);
    expect(alice.errors).toEqual([]);
    await alice.context.close();
  });

  test('the notifications page lists what came while the reader was in a room', async ({
    page,
    user,
    browser,
    baseURL,
  }) => {
    const alice = await secondUser(browser, baseURL);
    const lobby = await roomByPath(page.request, 'science.computer_science');
    await gotoRoute(page, '/notifications');
    await markDocument(page);
    // The list has been read once (a slow machine could leave before the page even asked).
    await expect(page.getByText(NOTIFICATION_PAGE_TEXTS.empty)).toBeVisible();
    await readRoomInApp(page, lobby.id);

    await gotoRoute(alice.page, '/notifications');
    const name = `Lab partners ${Date.now().toString(36)}`;
    const group = await createGroupViaApi(alice.page.request, name, [user.username]);
    await postViaApi(alice.page.request, group, `@${user.username} the lab report is due`);
    await expect(notificationsLink(page)).toHaveAccessibleName('Notifications, 2 unread');
    // The group is renamed after the notification: the list shows its name of now.
    const renamed = `${name} (renamed)`;
    const res = await alice.page.request.post(`/api/rooms/${group}/rename/`, {
      data: { name: renamed },
      headers: await csrfHeader(alice.page.request),
    });
    expect(res.status(), await res.text()).toBe(200);

    const release = await holdRequests(page, /\/api\/notifications\/\?/);
    await notificationsLink(page).click();
    await expect(page.getByText('the lab report is due')).toBeVisible();
    await expect(page.getByText(renamed).first()).toBeVisible();
    await expect(page.getByText(new RegExp(`${name}$`))).toHaveCount(0);
    await release();
    await expectSameDocument(page);
    expect(alice.errors).toEqual([]);
    await alice.context.close();
  });
});

test('the notifications on screen lose a deleted message’s text, and a group the reader left', async ({
  page,
  user,
  browser,
  baseURL,
}) => {
  const { alice, group } = await secondUserWithGroup(browser, baseURL, 'Revision', [user.username]);
  await gotoRoute(page, '/notifications');
  await markDocument(page);
  const regretted = await postViaApi(
    alice.page.request,
    group,
    `@${user.username} my answer to q3 was wrong`,
  );
  await postViaApi(alice.page.request, group, `@${user.username} see you at the library`);
  await expect(page.getByText('my answer to q3 was wrong')).toBeVisible();
  await expect(page.getByText('see you at the library')).toBeVisible();

  // Its author deletes one: the list on screen empties that one, as the server now answers it.
  const deleted = await alice.page.request.delete(`/api/messages/${regretted}/`, {
    headers: await csrfHeader(alice.page.request),
  });
  expect(deleted.status(), await deleted.text()).toBe(200);
  await expect(page.getByText('my answer to q3 was wrong')).toHaveCount(0);
  await expect(page.getByText('see you at the library')).toBeVisible();

  // The reader leaves the group elsewhere (another tab): its notifications are withheld here too.
  const left = await page.request.post(`/api/dms/groups/${group}/leave/`, {
    headers: await csrfHeader(page.request),
  });
  expect(left.status(), await left.text()).toBe(200);
  await expect(page.getByText('see you at the library')).toHaveCount(0);
  await expect(page.getByText(NOTIFICATION_PAGE_TEXTS.withheldTitle).first()).toBeVisible();
  await expectSameDocument(page);
  expect(alice.errors).toEqual([]);
  await alice.context.close();
});

test('a search shows its matching conversations as one list under its count', async ({
  page,
  user: _user,
  browser,
  baseURL,
}) => {
  const alice = await secondUser(browser, baseURL);
  const bob = await secondUser(browser, baseURL);
  const name = `Chem study ${Date.now().toString(36)}`;
  await openDmViaApi(page.request, alice.username);
  await openDmViaApi(page.request, bob.username);
  await createGroupViaApi(page.request, name, [alice.username]);
  await gotoRoute(page, '/dms');

  const box = page.getByRole('searchbox', { name: 'Search users and groups' });
  await box.fill(bob.username);
  await expect(page.getByText(t.found(1))).toBeVisible();
  const results = page.getByRole('list', { name: t.found(1) }).getByTestId('conversation-row');
  await expect(results).toHaveCount(1);
  await expect(results.first()).toBeVisible();
  await expect(results.first()).toContainText(bob.username);

  // A member's name finds the direct conversation and the group, in one list.
  await box.fill(alice.username);
  const both = page.getByRole('list', { name: t.found(2) }).getByTestId('conversation-row');
  await expect(both).toHaveCount(2);
  await expect(both.filter({ hasText: name })).toBeVisible();
  await expect(both.filter({ hasText: alice.username }).first()).toBeVisible();
  await alice.context.close();
  await bob.context.close();
});
