import type { APIRequestContext, Page } from '@playwright/test';
import { openChat, roomByPath, secondUser } from './chat-helpers';
import { createGroupViaApi, openDmViaApi } from './dm-helpers';
import { csrfHeader, expect, expectNoSeriousA11yViolations, gotoRoute, test } from './fixtures';

/**
 * The sidebar of the user's rooms (docs/rooms.md, "Sidebar") and the room tree's rolled-up counts.
 * Engineering's rooms are used by no other journey: their order and counts are this file's own.
 */

async function join(request: APIRequestContext, room: number) {
  const res = await request.post(`/api/rooms/${room}/join/`, { headers: await csrfHeader(request) });
  expect(res.status(), await res.text()).toBe(200);
}

async function post(request: APIRequestContext, room: number, content: string) {
  const res = await request.post(`/api/rooms/${room}/messages/`, {
    data: { content },
    headers: await csrfHeader(request),
  });
  expect(res.status(), await res.text()).toBe(201);
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'My rooms' });
const section = (page: Page, name: string) => sidebar(page).getByRole('region', { name, exact: true });
const rows = (page: Page, name: string) => section(page, name).getByTestId('sidebar-room');
const toggle = (page: Page, name: string) =>
  section(page, name).getByRole('button', { name: new RegExp(`^${name}`) });

test.describe('on a wide screen', () => {
  test('lists my rooms, DMs and groups newest first with counts, and follows what another user writes', async ({
    page,
    user,
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const ee = await roomByPath(page.request, 'engineering.electrical_engineering.ee-101');
    const me = await roomByPath(page.request, 'engineering.mechanical_engineering.me-101');
    await join(page.request, ee.id);
    await join(page.request, me.id);
    const other = await secondUser(browser, baseURL);
    const third = await secondUser(browser, baseURL);
    await join(other.page.request, ee.id);
    await join(other.page.request, me.id);
    await post(other.page.request, me.id, 'older: statics homework');
    await post(other.page.request, ee.id, `newer: @${user.username} circuits lab`);
    const dmOther = await openDmViaApi(other.page.request, user.username);
    const dmThird = await openDmViaApi(third.page.request, user.username);
    await post(other.page.request, dmOther, 'hi from the other');
    await post(third.page.request, dmThird, 'hi from the third');
    await post(third.page.request, dmThird, 'and again');
    const group = await createGroupViaApi(other.page.request, 'Lab partners', [user.username]);
    await post(other.page.request, group, 'group hello');

    await gotoRoute(page, '/home');
    await expect(rows(page, 'Rooms')).toHaveText([/^EE-101 Circuit Analysis/, /^ME-101 Statics/]);
    const eeRow = rows(page, 'Rooms').first();
    await expect(eeRow.getByRole('img', { name: '1 unread message' })).toHaveText('1');
    await expect(eeRow.getByRole('img', { name: '1 mention' })).toHaveText('@1');
    await expect(rows(page, 'Direct messages')).toHaveText([
      new RegExp(`^${third.username}.*2`),
      new RegExp(`^${other.username}.*1`),
    ]);
    await expect(rows(page, 'Groups')).toHaveText([/^Lab partners/]);
    await expect(rows(page, 'Groups').first().getByRole('img', { name: '1 unread message' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'nav[aria-label="My rooms"]');

    // In a chat, the room on screen is marked; another user's message moves their DM up, live.
    await openChat(page, me.id);
    await expect(rows(page, 'Rooms').filter({ hasText: 'ME-101' })).toHaveAttribute('aria-current', 'page');
    await other.page.request.post(`/api/rooms/${dmOther}/messages/`, {
      data: { content: 'are you there?' },
      headers: await csrfHeader(other.page.request),
    });
    await expect(rows(page, 'Direct messages')).toHaveText([
      new RegExp(`^${other.username}.*2`),
      new RegExp(`^${third.username}.*2`),
    ]);
    await expect(
      rows(page, 'Direct messages').first().getByRole('img', { name: '2 unread messages' }),
    ).toBeVisible();
    await other.context.close();
    await third.context.close();
  });

  test('arrow keys move through the sidebar, Enter opens a room, and a folded section stays folded', async ({
    page,
    user: _user,
  }) => {
    // Rooms nobody writes in meanwhile: the rows keep their order while the keys move.
    const ee = await roomByPath(page.request, 'social_sciences.economics.econ-201');
    const me = await roomByPath(page.request, 'social_sciences.psychology.psych-201');
    await join(page.request, ee.id);
    await join(page.request, me.id);
    await gotoRoute(page, '/home');
    await expect(rows(page, 'Rooms')).toHaveCount(2);

    await toggle(page, 'Rooms').focus();
    await page.keyboard.press('ArrowDown');
    await expect(rows(page, 'Rooms').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const second = rows(page, 'Rooms').nth(1);
    await expect(second).toBeFocused();
    // The focus ring shows where the keyboard is.
    await expect(second).toHaveCSS('outline-style', 'solid');
    const name = (await second.textContent()) ?? '';
    const target = name.startsWith(ee.name) ? ee : me;
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();
    await expect(rows(page, 'Rooms').filter({ hasText: target.name })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // The chat takes the focus; back in the sidebar, Up from the first row reaches the toggle.
    await rows(page, 'Rooms').first().focus();
    await page.keyboard.press('ArrowUp');
    await expect(toggle(page, 'Rooms')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toggle(page, 'Rooms')).toHaveAttribute('aria-expanded', 'false');
    await expect(rows(page, 'Rooms')).toHaveCount(0);
    await page.reload();
    await expect(toggle(page, 'Rooms')).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle(page, 'Direct messages')).toHaveAttribute('aria-expanded', 'true');
    await toggle(page, 'Rooms').click();
    await expect(rows(page, 'Rooms')).toHaveCount(2);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a My rooms button opens the sidebar as a drawer; Escape, the backdrop and choosing a room close it', async ({
    page,
    user: _user,
  }) => {
    const ee = await roomByPath(page.request, 'engineering.electrical_engineering.ee-101');
    const me = await roomByPath(page.request, 'engineering.mechanical_engineering.me-101');
    await join(page.request, ee.id);
    await join(page.request, me.id);
    await openChat(page, ee.id);
    await expect(sidebar(page)).toHaveCount(0);
    const open = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'My rooms' });
    const drawer = page.getByRole('dialog', { name: 'My rooms' });

    await open.click();
    await expect(drawer).toBeVisible();
    await expect(rows(page, 'Rooms').filter({ hasText: 'EE-101' })).toHaveAttribute('aria-current', 'page');
    await expectNoSeriousA11yViolations(page, '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);

    await open.click();
    await expect(drawer).toBeVisible();
    // The backdrop, right of the drawer.
    await page.mouse.click(380, 420);
    await expect(drawer).toHaveCount(0);

    await open.click();
    await rows(page, 'Rooms').filter({ hasText: 'ME-101' }).click();
    await expect(drawer).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: me.name })).toBeVisible();
  });
});

test('a faculty card on /home counts the unread messages and mentions of the courses under it', async ({
  page,
  user,
  baseURL,
  browser,
}) => {
  const ee = await roomByPath(page.request, 'engineering.electrical_engineering.ee-201');
  const me = await roomByPath(page.request, 'engineering.mechanical_engineering.me-201');
  await join(page.request, ee.id);
  await join(page.request, me.id);
  const other = await secondUser(browser, baseURL);
  await join(other.page.request, ee.id);
  await join(other.page.request, me.id);
  await post(other.page.request, ee.id, 'signals quiz on monday');
  await post(other.page.request, ee.id, 'bring a calculator');
  await post(other.page.request, me.id, `@${user.username} fluids notes?`);

  await gotoRoute(page, '/home');
  const cards = page.getByRole('list', { name: 'Rooms' });
  const faculty = cards
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Faculty of Engineering', exact: true }) });
  await expect(faculty.getByRole('img', { name: '3 unread messages' })).toHaveText('3');
  await expect(faculty.getByRole('img', { name: '1 mention' })).toHaveText('@1');
  await expect(faculty).not.toContainText('No recent activity');
  await expect(faculty).not.toContainText(/\b0 messages/);

  await faculty.getByRole('button', { name: 'Faculty of Engineering', exact: true }).click();
  const programme = cards
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Electrical Engineering', exact: true }) });
  await expect(programme.getByRole('img', { name: '2 unread messages' })).toHaveText('2');
  await expect(programme.getByTestId('room-mentions')).toHaveCount(0);
  await other.context.close();
});

test('Enter on a faculty opens its children; Enter on a course opens its chat', async ({
  page,
  user: _user,
}) => {
  await gotoRoute(page, '/home');
  const cards = page.getByRole('list', { name: 'Rooms' });
  await cards.getByRole('button', { name: 'Enter Faculty of Engineering' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).hash).toContain('path=engineering');
  await expect(cards.getByRole('button', { name: 'Mechanical Engineering', exact: true })).toBeVisible();
  await cards.getByRole('button', { name: 'Enter Mechanical Engineering' }).focus();
  await page.keyboard.press('Enter');
  await cards.getByRole('link', { name: 'Enter ME-201 Fluid Mechanics' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'ME-201 Fluid Mechanics' })).toBeVisible();
});
