import type { Page } from '@playwright/test';
import { csrfHeader, expect, routeOf, spinner, test } from './fixtures';
import { roomByPath } from './chat-helpers';

// A signed-in first visit of /home or a chat: index.html carries the screen's frame (its layout
// and loading states), which the page paints before the app has loaded (docs/architecture.md,
// "First visit"). Here the app's entry is held back until the frame has been looked at.

/** Holds back the app's entry script until the returned function is called (pages open to their first byte, not their load). */
async function holdApp(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The layout shifts the page has seen so far (their sum, without CLS's windows) and what moved. */
const layoutShifts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ sum: number; moved: string[] }>((resolve) => {
        const shifts = performance.getEntriesByType('layout-shift') as Array<
          PerformanceEntry & { value: number; sources?: Array<{ node?: Node | null }> }
        >;
        resolve({
          sum: shifts.reduce((sum, entry) => sum + entry.value, 0),
          moved: shifts.flatMap((entry) =>
            (entry.sources ?? []).map((source) =>
              source.node instanceof Element ? source.node.outerHTML.slice(0, 160) : String(source.node),
            ),
          ),
        });
      }),
  );

test("a chat shows its frame before the app has loaded, then the room in the frame's places", async ({
  page,
  user: _user,
}) => {
  const room = await roomByPath(page.request, 'humanities.philosophy');
  await page.setViewportSize({ width: 390, height: 844 });
  const release = await holdApp(page);
  await page.goto(`/#/chat/${room.id}`, { waitUntil: 'commit' });

  // The frame, painted by the page itself: the header without the room's name, the composer
  // with its placeholder, disabled.
  const frame = page.locator('#root > [data-prerendered-route]');
  await expect(frame).toBeAttached();
  await expect(page.getByRole('heading', { level: 1, name: 'Loading room' })).toBeVisible();
  await expect(page.getByText(room.name)).toHaveCount(0);
  const box = page.getByRole('textbox', { name: 'Message' });
  await expect(box).toBeVisible();
  await expect(box).toBeDisabled();
  await expect(box).toHaveAttribute('placeholder', 'Write a message… (Markdown, @mentions)');
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Attach a file' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Insert emoji' })).toBeDisabled();
  const framed = await box.boundingBox();
  // The app has not run: the page stays as it came.
  await page.waitForTimeout(300);
  await expect(frame).toBeAttached();

  release();
  await expect(frame).not.toBeAttached();
  await expect(page.getByRole('heading', { level: 1, name: room.name })).toBeVisible();
  await expect(box).toBeEnabled();
  await expect(page.getByText(/Connecting…|Reconnecting…/)).toHaveCount(0, { timeout: 10_000 });
  // The room took the frame's places: the composer where it was, and nothing moved.
  expect(await box.boundingBox()).toEqual(framed);
  const shifts = await layoutShifts(page);
  expect(shifts.sum, shifts.moved.join('\n')).toBe(0);
  await box.fill('typed once the room is known');
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
});

test('/home shows its frame before the app has loaded, then the page', async ({ page, user: _user }) => {
  const release = await holdApp(page);
  await page.goto('/#/home', { waitUntil: 'commit' });
  const frame = page.locator('#root > [data-prerendered-route]');
  await expect(frame).toBeAttached();
  await expect(page.getByText('Loading chat rooms')).toBeAttached();
  await page.waitForTimeout(300);
  await expect(frame).toBeAttached();

  release();
  await expect(frame).not.toBeAttached();
  await expect(page.getByRole('list', { name: 'Rooms' })).toBeVisible({ timeout: 20_000 });
  expect(routeOf(page)).toBe('/home');
});

test('a chat at an address that cannot name a room has no frame: the app says so', async ({
  page,
  user: _user,
}) => {
  const release = await holdApp(page);
  await page.goto('/#/chat/not a room', { waitUntil: 'commit' });
  await expect(page.locator('#root > [data-prerendered-route]')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  release();
  await expect(page.getByText('Invalid room ID')).toBeVisible();
  await expect.poll(() => routeOf(page)).toBe('/');
});

// The frame is rendered before any session: the sidebar's lists show as loading there, never as
// empty, and the app fills them in.
test('before the app has loaded, the sidebar reads as loading, not as no rooms', async ({
  page,
  user: _user,
}) => {
  const room = await roomByPath(page.request, 'science.physics.phys-101');
  const joined = await page.request.post(`/api/rooms/${room.id}/join/`, {
    headers: await csrfHeader(page.request),
  });
  expect(joined.ok()).toBe(true);
  const release = await holdApp(page);
  await page.goto('/#/home', { waitUntil: 'commit' });
  const sidebar = page.getByRole('navigation', { name: 'My rooms' });
  await expect(spinner(sidebar, 'Loading rooms')).toBeVisible();
  await expect(spinner(sidebar, 'Loading groups')).toBeVisible();
  await expect(sidebar.getByText('Join a room from the room tree.')).toHaveCount(0);
  await expect(sidebar.getByText('No groups yet.')).toHaveCount(0);
  await expect(sidebar.getByRole('button', { name: 'Rooms 0' })).toHaveCount(0);

  release();
  await expect(sidebar.getByRole('button', { name: 'Rooms 1', exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(sidebar.getByRole('link', { name: new RegExp(`^${room.name}`) })).toBeVisible();
  await expect(sidebar.getByText('No groups yet.')).toBeVisible();
  await expect(sidebar.getByRole('status')).toHaveCount(0);
});

// A page opened in a background tab is not painted until it is shown (no animation frame): the
// app does not wait for that paint there, so the tab is ready when the reader comes to it.
test('a chat opened in a background tab loads without waiting to be shown', async ({ page, user: _user }) => {
  const room = await roomByPath(page.request, 'humanities.philosophy');
  await page.addInitScript(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    window.requestAnimationFrame = () => 0;
  });
  await page.goto(`/#/chat/${room.id}`);
  await expect(page.getByRole('heading', { level: 1, name: room.name })).toBeAttached({ timeout: 20_000 });
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
});
