import path from 'node:path';
import { request as apiRequest } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { MODERATION_LIMITS, MODERATION_TEXTS as t, NOTIFICATION_PAGE_TEXTS } from '@studium/protocol';
import { csrfHeader, expect, expectNoSeriousA11yViolations, loginViaApi, test } from './fixtures';
import { messageWith, openChat, roomByPath } from './chat-helpers';
import { pageOn, ServerProcess } from './server-process';

// Its own server, for the seeded owner of a members-only room (maya) and its members' passwords;
// the seed gives that room two members, so lea joins it in the database as a third.
// tariq is an operator.
const server = new ServerProcess(Number(process.env.E2E_PORT ?? 8123) + 50, undefined, {
  ADMIN_USERNAMES: 'Tariq',
});
const ROOM = 'science.mathematics.math-101.tutors';
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  await server.start();
  await server.stop();
  const db = new SQLite(path.join(server.dataDir, 'studium.sqlite3'));
  db.prepare(
    `INSERT INTO room_members (room_id, user_id, role, joined_at)
     SELECT rooms.id, users.id, 'member', ? FROM rooms, users WHERE rooms.path = ? AND users.username = 'lea'`,
  ).run(new Date().toISOString(), ROOM);
  db.close();
  await server.start();
});
test.afterAll(async () => server.dispose());

test('a member reports a message, the owner bans its author from the queue and lifts the ban', async ({
  browser,
}) => {
  test.slow();
  // The spammer's API context: a message to report, then refused once banned.
  const spammer = await apiRequest.newContext({ baseURL: server.baseURL });
  await loginViaApi(spammer, 'lea', server.demoPassword('lea'));
  const room = await roomByPath(spammer, ROOM);
  const posted = await spammer.post(`/api/rooms/${room.id}/messages/`, {
    data: { content: 'Cheap essays, write to me' },
    headers: await csrfHeader(spammer),
  });
  expect(posted.status()).toBe(201);

  // jonas reports it from the message's actions.
  const reporter = await pageOn(browser, server, /mark_read/);
  await loginViaApi(reporter.page.request, 'jonas', server.demoPassword('jonas'));
  await openChat(reporter.page, room.id);
  const message = messageWith(reporter.page, 'Cheap essays, write to me');
  await message.hover();
  await message.getByRole('button', { name: t.report }).click();
  const dialog = reporter.page.getByRole('dialog', { name: t.reportMessageTitle });
  // The dialog shows what is being reported, and counts the details against their limit.
  const reported = dialog.getByRole('figure', { name: t.reportedMessage });
  await expect(reported).toContainText(t.reportedAuthor('lea'));
  await expect(reported).toContainText('Cheap essays, write to me');
  const counter = dialog.getByTestId('report-details-counter');
  await expect(counter).toHaveText(
    `0/${MODERATION_LIMITS.detailsMax}${t.charactersUsed(0, MODERATION_LIMITS.detailsMax)}`,
  );
  await dialog.getByLabel(t.reasonLabel).selectOption({ label: t.reasons.spam });
  await dialog.getByLabel(t.detailsLabel).fill('Advertising in the tutors room');
  await expect(counter).toContainText(`30/${MODERATION_LIMITS.detailsMax}`);
  await expect(dialog.getByLabel(t.detailsLabel)).toHaveAccessibleDescription(
    t.charactersUsed(30, MODERATION_LIMITS.detailsMax),
  );
  await expectNoSeriousA11yViolations(reporter.page, '[role="dialog"]');
  await dialog.getByRole('button', { name: t.send }).click();
  await expect(reporter.page.getByText(t.sent)).toBeVisible();
  await expect(dialog).toBeHidden();
  // Not a moderator: no Moderation entry in the menu.
  await reporter.page.getByRole('button', { name: 'Account menu for jonas' }).click();
  await expect(reporter.page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(reporter.page.getByRole('menuitem', { name: t.title })).toHaveCount(0);
  await reporter.page.keyboard.press('Escape');

  // maya owns the room: Moderation in her menu, the report with its message in context.
  const owner = await pageOn(browser, server, /mark_read/);
  await loginViaApi(owner.page.request, 'maya', server.demoPassword('maya'));
  await owner.page.goto('/#/home');
  await owner.page.getByRole('button', { name: 'Account menu for maya' }).click();
  await owner.page.getByRole('menuitem', { name: t.title }).click();
  await expect(owner.page).toHaveURL(/#\/moderation$/);
  const report = owner.page.getByTestId('moderation-report').filter({ hasText: '@lea' });
  await expect(report).toBeVisible();
  await expect(report.getByText(t.reportedBy('jonas'), { exact: false })).toBeVisible();
  await expect(report.getByText('Advertising in the tutors room', { exact: false })).toBeVisible();
  await expect(report.getByRole('list', { name: 'Message in context' })).toContainText(
    'Cheap essays, write to me',
  );
  await expectNoSeriousA11yViolations(owner.page, 'main');
  await report.getByLabel(t.banFor).selectOption({ label: t.banDurations['1d'] });
  await report.getByRole('button', { name: t.ban }).click();
  // A ban asks first (Cancel / Ban); the report stays until it is confirmed.
  const confirm = owner.page.getByRole('dialog', { name: `${t.ban} @lea?` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(report).toBeVisible();
  await report.getByRole('button', { name: t.ban }).click();
  await confirm.getByRole('button', { name: t.ban }).click();
  await expect(owner.page.getByText(t.emptyQueue)).toBeVisible();
  await expect(owner.page.getByTestId('moderation-log-entry').first()).toContainText(
    `maya ${t.actions.ban} (@lea)`,
  );

  // The banned author can no longer read or post in the room.
  expect((await spammer.get(`/api/rooms/${room.id}/messages/`)).status()).toBe(403);
  const refused = await spammer.post(`/api/rooms/${room.id}/messages/`, {
    data: { content: 'again' },
    headers: await csrfHeader(spammer),
  });
  expect(refused.status()).toBe(403);

  // The ban is listed, and the owner may lift it early (the membership it ended stays ended).
  const ban = owner.page.getByTestId('room-ban').filter({ hasText: '@lea' });
  await expect(ban).toContainText('MATH-101 Tutors');
  await ban.getByRole('button', { name: t.liftBan }).click();
  await expect(owner.page.getByText(t.noBans)).toBeVisible();
  await expect(owner.page.getByTestId('moderation-log-entry').first()).toContainText(
    `maya ${t.actions.lift_ban} (@lea)`,
  );

  // The reporter is told.
  await reporter.page.goto('/#/notifications');
  await expect(reporter.page.getByText(t.handledTitle)).toBeVisible();

  expect(reporter.errors).toEqual([]);
  expect(owner.errors).toEqual([]);
  await spammer.dispose();
  await reporter.context.close();
  await owner.context.close();
});

test('a report about a user, sent from their profile, reaches the operators only', async ({ browser }) => {
  test.slow();
  const reporter = await pageOn(browser, server, /mark_read/);
  await loginViaApi(reporter.page.request, 'jonas', server.demoPassword('jonas'));
  await reporter.page.goto('/#/userprofile/lea');
  await reporter.page.getByRole('button', { name: t.reportUser }).click();
  const dialog = reporter.page.getByRole('dialog', { name: t.reportUserTitle });
  await dialog.getByLabel(t.reasonLabel).selectOption({ label: t.reasons.harassment });
  await dialog.getByRole('button', { name: t.send }).click();
  await expect(reporter.page.getByText(t.sent)).toBeVisible();

  // The room owner does not see it; the operator does, and dismisses it.
  const owner = await apiRequest.newContext({ baseURL: server.baseURL });
  await loginViaApi(owner, 'maya', server.demoPassword('maya'));
  const ownerQueue = (await (await owner.get('/api/moderation/reports/')).json()) as {
    reports: Array<{ kind: string }>;
  };
  expect(ownerQueue.reports.filter((r) => r.kind === 'user')).toEqual([]);

  const operator = await pageOn(browser, server, /mark_read/);
  await loginViaApi(operator.page.request, 'tariq', server.demoPassword('tariq'));
  await operator.page.goto('/#/home');
  await operator.page.getByRole('button', { name: 'Account menu for tariq' }).click();
  await operator.page.getByRole('menuitem', { name: t.title }).click();
  const report = operator.page.getByTestId('moderation-report').filter({ hasText: t.aboutUser('lea') });
  await expect(report).toContainText(t.reasons.harassment);
  // No room to ban from: besides Dismiss, the server offers Warn, and the profile is a link away.
  await expect(report.getByRole('button', { name: t.ban })).toHaveCount(0);
  await expect(report.getByRole('button', { name: t.dismiss })).toBeVisible();
  await expect(report.getByRole('link', { name: t.viewProfile('lea') })).toHaveAttribute(
    'href',
    '#/userprofile/lea',
  );
  await expectNoSeriousA11yViolations(operator.page, 'main');
  await report.getByRole('button', { name: t.warn }).click();
  const confirm = operator.page.getByRole('dialog', { name: t.warnConfirmTitle('lea') });
  await expect(confirm).toContainText(t.warnConfirm);
  await confirm.getByRole('button', { name: t.warn }).click();
  await expect(report).toHaveCount(0);
  await expect(operator.page.getByTestId('moderation-log-entry').first()).toContainText(
    `tariq ${t.actions.warn} (@lea)`,
  );

  // lea is told, with the report's reason.
  const warned = await apiRequest.newContext({ baseURL: server.baseURL });
  await loginViaApi(warned, 'lea', server.demoPassword('lea'));
  const notes = (await (await warned.get('/api/notifications/')).json()) as {
    notifications: Array<{ kind: string; text: string }>;
  };
  expect(notes.notifications).toContainEqual(
    expect.objectContaining({ kind: 'warning', text: t.warnedNotification(t.reasons.harassment) }),
  );
  await warned.dispose();

  expect(reporter.errors).toEqual([]);
  expect(operator.errors).toEqual([]);
  await owner.dispose();
  await reporter.context.close();
  await operator.context.close();
});

test('a member removed from a group sees its notifications withheld, with nothing of the group', async ({
  browser,
}) => {
  test.slow();
  const as = async (username: string) => {
    const api = await apiRequest.newContext({ baseURL: server.baseURL });
    await loginViaApi(api, username, server.demoPassword(username));
    const post = async (url: string, data: unknown) => {
      const res = await api.post(url, { data, headers: await csrfHeader(api) });
      expect(res.ok()).toBe(true);
      return (await res.json()) as Record<string, unknown>;
    };
    return { api, post };
  };
  const [maya, jonas, tariq] = [await as('maya'), await as('jonas'), await as('tariq')];
  const group = (await maya.post('/api/dms/groups/', { name: 'Thesis circle', usernames: ['lea', 'jonas'] }))
    .room as number;
  const lea = await pageOn(browser, server, /mark_read/);
  await loginViaApi(lea.page.request, 'lea', server.demoPassword('lea'));
  const leas = await lea.page.request.post(`/api/rooms/${group}/messages/`, {
    data: { content: 'my draft chapter' },
    headers: await csrfHeader(lea.page.request),
  });
  expect(leas.status()).toBe(201);
  await jonas.post(`/api/rooms/${group}/messages/`, {
    content: '@lea the outline is in the shared folder',
    mentions: [{ username: 'lea', start: 0, end: 4 }],
  });
  await lea.page.goto('/#/notifications');
  const items = lea.page.getByTestId('notification-item');
  // A cold start of the app on this spec's own server (its code, the session, then the list).
  await expect(items.first()).toContainText('the outline is in the shared folder', { timeout: 15_000 });

  // An operator removes lea from the group on jonas's report.
  const report = await jonas.post('/api/reports/', {
    message_id: ((await leas.json()) as { id: number }).id,
    reason: 'spam',
  });
  await tariq.post(`/api/moderation/reports/${report.id as number}/action/`, { action: 'remove_user' });

  await lea.page.reload();
  await expect(items.first()).toHaveAttribute('data-withheld', 'true');
  await expect(items.first()).toContainText(NOTIFICATION_PAGE_TEXTS.withheldTitle);
  await expect(items.first()).toContainText(NOTIFICATION_PAGE_TEXTS.withheldText);
  await expect(lea.page.getByRole('list', { name: 'Notifications list' })).not.toContainText(
    /Thesis circle|shared folder|jonas|maya/,
  );
  await expectNoSeriousA11yViolations(lea.page, 'main');
  // It leads nowhere: the list stays, with no error, and it is read (it no longer counts as unread).
  const unreadCount = async () =>
    ((await (await lea.page.request.get('/api/notifications/')).json()) as { unread_count: number })
      .unread_count;
  const before = await unreadCount();
  await expect(items.first()).toHaveAttribute('data-unread', 'true');
  await items.first().click();
  await expect(lea.page).toHaveURL(/#\/notifications$/);
  await expect(items.first()).toBeVisible();
  await expect(items.first()).not.toHaveAttribute('data-unread');
  await expect.poll(unreadCount).toBe(before - 1);

  expect(lea.errors).toEqual([]);
  for (const user of [maya, jonas, tariq]) await user.api.dispose();
  await lea.context.close();
});
