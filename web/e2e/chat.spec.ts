import { csrfHeader, expect, holdAsset, pressAcrossLoad, test } from './fixtures';
import { createGroupViaApi } from './dm-helpers';
import {
  expectStored,
  messageWith,
  openChat,
  postManyViaApi,
  postViaApi,
  roomByPath,
  secondUser,
  send,
} from './chat-helpers';

test('two users chat live both ways: reply, mention, edit and react', async ({ page, browser, user }) => {
  // Two browsers through a long journey: on a busy two-core machine it can pass 30 s.
  test.slow();
  const room = await roomByPath(page.request, 'humanities.philosophy');
  const other = await secondUser(browser);
  await openChat(page, room.id);
  await openChat(other.page, room.id);

  const hello = `Hello from A ${Date.now()}`;
  await send(page, hello);
  await expect(messageWith(other.page, hello)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');

  // Reply by right-click; Escape clears the reply, Enter on a focused message starts it again.
  const incoming = messageWith(other.page, hello).first();
  await incoming.click({ button: 'right' });
  await expect(other.page.getByTestId('reply-preview')).toContainText(`@${user.username}`);
  await other.page.getByRole('textbox', { name: 'Message' }).press('Escape');
  await expect(other.page.getByTestId('reply-preview')).toHaveCount(0);
  await incoming.focus();
  await incoming.press('Enter');
  await expect(other.page.getByTestId('reply-preview')).toContainText(hello);
  await send(other.page, 'Hi back from B');
  const reply = messageWith(page, 'Hi back from B');
  await expect(reply).toBeVisible();
  await expect(
    reply.getByRole('button', { name: new RegExp(`@${user.username}: Hello from A`) }),
  ).toBeVisible();

  // Mention picked from suggestions renders as a profile link.
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(`ping @${other.username.slice(0, 14)}`);
  const option = page.getByRole('option', { name: `@${other.username}` });
  await expect(option).toBeVisible();
  await box.press('Enter');
  await expect(box).toHaveValue(`ping @${other.username} `);
  await box.press('Enter');
  const mention = messageWith(other.page, 'ping').getByRole('link', { name: `@${other.username}` });
  await expect(mention).toHaveAttribute('href', `#/userprofile/${other.username}`);

  // Edit the last own message with ArrowUp in the empty input, once it is stored; Ctrl+Enter saves.
  await expectStored(page, 'ping');
  await box.press('ArrowUp');
  const editBox = page.getByRole('textbox', { name: 'Edit message' });
  await expect(editBox).toHaveValue(`ping @${other.username}`);
  await editBox.fill('ping (edited text)');
  await editBox.press('Control+Enter');
  const edited = messageWith(other.page, 'ping (edited text)');
  await expect(edited).toBeVisible();
  await expect(edited.getByText('(edited)')).toBeVisible();
  await expect(incoming.getByRole('button', { name: 'Edit' })).toHaveCount(0);

  // React: the quick buttons are named; counts arrive live and a second click toggles off.
  await incoming.getByRole('button', { name: 'thumbs up' }).click();
  const mine = messageWith(page, hello).first();
  await expect(mine.getByRole('button', { name: 'thumbs up' }).getByTestId('reaction-count')).toHaveText('1');
  await mine.getByRole('button', { name: 'laughing' }).click();
  await expect(incoming.getByRole('button', { name: 'laughing' }).getByTestId('reaction-count')).toHaveText(
    '1',
  );
  await incoming.getByRole('button', { name: 'thumbs up' }).click();
  await expect(mine.getByRole('button', { name: 'thumbs up' }).getByTestId('reaction-count')).toHaveCount(0);

  expect(other.errors).toEqual([]);
  await other.context.close();
});

test('markdown: code copies, external links confirm, payloads never run', async ({
  page,
  context,
  user: _user,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await context.route('https://example.com/**', (route) =>
    route.fulfill({ body: 'external', contentType: 'text/plain' }),
  );
  const room = await roomByPath(page.request, 'humanities.linguistics');
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs += 1;
    void d.dismiss();
  });
  await postViaApi(page.request, room.id, 'Copy me:\n```js\nconst answer = 42;\n```');
  await postViaApi(page.request, room.id, 'Read [the docs](https://example.com/docs) please');
  await postViaApi(
    page.request,
    room.id,
    '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned=1"> [x](javascript:window.__pwned=1) :smile: :octocat:',
  );
  await openChat(page, room.id);

  const code = messageWith(page, 'Copy me').locator('pre[data-code]');
  await code.click();
  await expect(page.getByText('Code copied to clipboard')).toBeVisible();
  await expect(code).toHaveAttribute('data-copied', 'true');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('const answer = 42;\n');
  await expect(code).not.toHaveAttribute('data-copied', 'true', { timeout: 3000 });

  const link = messageWith(page, 'Read').getByRole('link', { name: 'the docs' });
  await link.click();
  const confirm = page.getByRole('dialog', { name: 'Leaving the site' });
  await expect(
    confirm.getByText('You are about to leave Studium. Continue to the external site?'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await link.click();
  const popupPromise = context.waitForEvent('page');
  await confirm.getByRole('button', { name: 'Continue' }).click();
  const popup = await popupPromise;
  await expect.poll(() => popup.url()).toContain('https://example.com/docs');
  expect(await popup.evaluate(() => window.opener)).toBeNull();
  await popup.close();

  const payload = messageWith(page, '<script>');
  await expect(payload).toContainText('<script>window.__pwned = 1</script>');
  await expect(payload.locator('script, img[src="x"], [onerror]')).toHaveCount(0);
  await expect(payload.locator('a[href^="javascript"]')).toHaveCount(0);
  await expect(payload.getByRole('img', { name: 'smile' })).toBeVisible();
  await expect(payload.locator('img[src="/emoji/octocat.svg"]')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toBe(0);
});

test("refuses more than 1000 characters with 'Max 1000 chars'", async ({ page, user: _user }) => {
  const room = await roomByPath(page.request, 'humanities.history');
  await openChat(page, room.id);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('x'.repeat(1001));
  await box.press('Enter');
  await expect(page.getByText('Max 1000 chars')).toBeVisible();
  await expect(box).toHaveValue('x'.repeat(1001));
  // Lines are trimmed first: 1000 characters plus surrounding spaces still go through.
  await box.fill(`   ${'y'.repeat(1000)}   `);
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(messageWith(page, 'yyyy')).toBeVisible();
});

test('the chat is usable at 360 px and pages back through history', async ({ page, user: _user }) => {
  const room = await roomByPath(page.request, 'social_sciences.economics');
  await postManyViaApi(
    page.request,
    room.id,
    Array.from({ length: 60 }, (_, i) => `history line ${i}`),
  );
  await page.setViewportSize({ width: 360, height: 740 });
  await openChat(page, room.id);
  await expect(messageWith(page, 'history line 59')).toBeVisible();
  await expect(page.getByRole('log', { name: 'Messages' })).toHaveAttribute('aria-live', 'polite');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  // Scroll to the top: the older page loads ('history line 0' is in the second page).
  const scroller = page.locator('[data-virtuoso-scroller]');
  await expect(page.getByRole('button', { name: 'Latest messages' })).toHaveCount(0);
  await expect(async () => {
    await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
    await expect(messageWith(page, /history line 0(?!\d)/)).toBeVisible({ timeout: 500 });
  }).toPass();
  await expect(page.getByRole('button', { name: 'Latest messages' })).toBeVisible();
  await page.getByRole('button', { name: 'Latest messages' }).click();
  await expect(messageWith(page, 'history line 59')).toBeVisible();
});

test('a reader at the newest messages stays there when the last one grows: a reaction shows in view', async ({
  page,
  browser,
  user: _user,
}) => {
  const other = await secondUser(browser);
  const room = await createGroupViaApi(page.request, `Reactions ${Date.now()}`, [other.username]);
  const ids = await postManyViaApi(
    page.request,
    room,
    Array.from({ length: 30 }, (_, i) => `line ${i} of a long afternoon`),
  );
  await openChat(page, room);
  const last = messageWith(page, 'line 29 of a long afternoon');
  await expect(last).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Latest messages' })).toHaveCount(0);
  // The other member reacts with several emoji: the newest message grows by its reaction bar.
  for (const emoji of ['👍', '🎉', '😂', '🔥', '👀']) {
    const res = await other.page.request.post(`/api/messages/${ids[29]}/react/`, {
      data: { emoji },
      headers: await csrfHeader(other.page.request),
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const bar = last.getByRole('button', { name: '👀, 1' });
  await expect(bar).toBeVisible();
  await expect(bar).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Latest messages' })).toHaveCount(0);
  expect(other.errors).toEqual([]);
  await other.context.close();
});

test("a rename and the bot switch show in the other member's open chat without a reload", async ({
  page,
  browser,
  user: _user,
}) => {
  const other = await secondUser(browser);
  const room = await createGroupViaApi(page.request, `Study group ${Date.now()}`, [other.username]);
  await openChat(other.page, room);
  const header = other.page.getByRole('heading', { level: 1 });
  await expect(header).toHaveText(/^Study group/);

  const headers = await csrfHeader(page.request);
  const renamed = `Exam crew ${Date.now()}`;
  const rename = await page.request.post(`/api/rooms/${room}/rename/`, { data: { name: renamed }, headers });
  expect(rename.ok(), await rename.text()).toBe(true);
  await expect(header).toHaveText(renamed);

  await expect(other.page.getByText('Bot allowed')).toHaveCount(0);
  const bots = await page.request.post(`/api/rooms/${room}/bot-allowed/`, {
    data: { is_bot_allowed: true },
    headers,
  });
  expect(bots.ok(), await bots.text()).toBe(true);
  await expect(other.page.getByText('Bot allowed')).toBeVisible();

  // The details dialog reads the same cache.
  await other.page.getByRole('button', { name: 'Room actions' }).click();
  await other.page.getByRole('menuitem', { name: 'Room details' }).click();
  await expect(other.page.getByRole('dialog', { name: `Room details: ${renamed}` })).toBeVisible();
  expect(other.errors).toEqual([]);
  await other.context.close();
});

test('offline, a room menu whose code could not load leaves the chat on screen, and comes with the network', async ({
  page,
  user: _user,
  allowConsoleError,
}) => {
  allowConsoleError(/room-actions/);
  const menuCode = /\/assets\/room-actions-[\w-]+\.js$/;
  let refused = 0;
  await page.route(menuCode, (route) => {
    refused += 1;
    return route.abort('internetdisconnected');
  });
  const room = await roomByPath(page.request, 'humanities.philosophy');
  await openChat(page, room.id);
  await expect.poll(() => refused).toBeGreaterThan(0);
  const failed = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  await expect(failed).toHaveCount(0);

  // Back online: the menu's code comes, and the menu opens.
  await page.unroute(menuCode);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.getByRole('button', { name: 'Room actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Room details' })).toBeVisible();
  await expect(failed).toHaveCount(0);
});

test('a press on the room actions that begins while their menu loads opens the menu', async ({
  page,
  user: _user,
}) => {
  // The menu's code loads after the room has shown; here it arrives between the press and its
  // release, so the click lands on neither the stand-in button nor the menu's own.
  const { release } = await holdAsset(page, /\/assets\/room-actions-[\w-]+\.js$/);
  const room = await roomByPath(page.request, 'humanities.philosophy');
  await openChat(page, room.id);
  const standIn = page.locator('button[aria-label="Room actions"][aria-busy="true"]');
  await pressAcrossLoad(page, standIn, release);
  await expect(page.getByRole('menuitem', { name: 'Room details' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Room details' })).toHaveCount(0);
});
