import {
  test as base,
  expect,
  request as apiRequest,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const PASSWORD = 'correct-horse-42';

/** The toasts on screen that say `text` (there may be several: one per action that said it). */
export const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
/** The newest toast: what the last action said, whatever older toasts are still on screen. */
export const newestToast = (page: Page) => page.locator('[data-sonner-toast][data-front="true"]');

let counter = 0;
/** A username no other test uses (≤ 30 chars, letters/digits/underscore). */
export function uniqueUsername(prefix = 'u'): string {
  counter += 1;
  const rand = Math.random().toString(36).slice(2, 8);
  return `${prefix}_${process.pid % 1000}_${counter}_${rand}`.slice(0, 30);
}

export async function csrfHeader(request: APIRequestContext): Promise<Record<string, string>> {
  await request.get('/api/csrf/');
  const state = await request.storageState();
  const token = state.cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  return { 'X-CSRFToken': token };
}

/** Registers a user through the API (no login). */
export async function registerViaApi(request: APIRequestContext, username: string, password = PASSWORD) {
  const res = await request.post('/api/register/', {
    data: { username, password },
    headers: await csrfHeader(request),
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Logs in through the API; the session cookie lands in the request context (and its page). */
export async function loginViaApi(request: APIRequestContext, username: string, password = PASSWORD) {
  const res = await request.post('/api/login/', {
    data: { username, password },
    headers: await csrfHeader(request),
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Runs axe-core and fails on serious or critical violations. */
/** Another user, registered and logged in through an API context of its own. */
export async function loggedInApi(baseURL: string, prefix = 's') {
  const api = retryingOnReset(await apiRequest.newContext({ baseURL }));
  const username = uniqueUsername(prefix);
  await registerViaApi(api, username);
  await loginViaApi(api, username);
  return { api, username };
}

export async function expectNoSeriousA11yViolations(page: Page, include?: string) {
  // Something still fading in (a toast) reads as low contrast: the animations and transitions that
  // end are let end first (a spinner's never does).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

interface Fixtures {
  /** Console errors and page errors seen so far; the test fails if any remain at its end. */
  consoleErrors: string[];
  /**
   * Declares an expected console error: Chromium logs every 4xx/5xx or aborted fetch, so tests
   * of error paths name the ones they provoke.
   */
  allowConsoleError: (pattern: RegExp) => void;
  /** A fresh, registered and logged-in user (page and request share its cookies). */
  user: { username: string; password: string };
}

const allowedPatterns = new WeakMap<Page, RegExp[]>();

/** The request context's calls that send a request. */
const SENDING = ['fetch', 'get', 'head', 'post', 'put', 'patch', 'delete'] as const;

/**
 * Gives every call of a request context one retry on ECONNRESET. A call reuses a kept-alive
 * connection, and one idle for just the server's keep-alive timeout (5 s) can be closed by the
 * server as the call goes out: a browser sends such a request again by itself, Playwright's
 * request context only when asked.
 */
export function retryingOnReset<T extends APIRequestContext>(context: T): T {
  const calls = context as unknown as Record<
    (typeof SENDING)[number],
    (url: unknown, options?: Record<string, unknown>) => Promise<unknown>
  >;
  for (const name of SENDING) {
    const send = calls[name].bind(context);
    calls[name] = (url, options = {}) => send(url, { maxRetries: 1, ...options });
  }
  return context;
}

export const test = base.extend<Fixtures>({
  context: async ({ context }, use) => {
    retryingOnReset(context.request);
    await use(context);
  },
  allowConsoleError: async ({ page }, use) => {
    await use((pattern) => allowedPatterns.set(page, [...(allowedPatterns.get(page) ?? []), pattern]));
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        // The resource URL is part of the entry so tests can allow a specific failing call.
        if (msg.type() === 'error') errors.push(`console: ${msg.text()} @ ${msg.location().url}`);
      });
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      await use(errors);
      const allowed = allowedPatterns.get(page) ?? [];
      const unexpected = errors.filter((e) => !allowed.some((re) => re.test(e)));
      expect(unexpected, 'console errors / page errors').toEqual([]);
    },
    { auto: true },
  ],
  user: async ({ page }, use) => {
    const username = uniqueUsername();
    await registerViaApi(page.request, username);
    await loginViaApi(page.request, username);
    await use({ username, password: PASSWORD });
  },
});

export { expect };

/**
 * A spinner by its label. A status region takes no name from its content, so `getByRole('status',
 * { name })` never finds one (and waiting for it to go would pass at once): find it by its text.
 */
export function spinner(scope: Page | Locator, label: string) {
  return scope.getByRole('status').filter({ hasText: label });
}

/** Opens a hash route and waits until the session check is over. */
export async function gotoRoute(page: Page, route: string) {
  await page.goto(`/#${route}`);
  await page.locator('#main').waitFor();
  // A login or register form shows prerendered until the app replaces it: act on the app's own.
  await page.locator('[data-prerendered-route]').waitFor({ state: 'detached' });
  await expect(spinner(page, 'Checking your session')).toHaveCount(0, { timeout: 20_000 });
}

/** An in-app navigation to a hash route, as a link inside the app makes it (no page load). */
export async function goInApp(page: Page, route: string) {
  await page.evaluate((hash) => void (window.location.hash = hash), `#${route}`);
}

/** Current hash route, e.g. '/login'. */
export function routeOf(page: Page): string {
  const hash = new URL(page.url()).hash.replace(/^#/, '');
  return hash.split('?')[0] || '/';
}

/**
 * Holds back the page's requests for the scripts whose URL matches `pattern` until `release()` is
 * called: a test can act while a chunk is still on its way.
 */
export async function holdAsset(page: Page, pattern: RegExp): Promise<{ release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}

/**
 * A press that begins on a stand-in while its code is held back (`holdAsset`) and ends once the
 * code has arrived and replaced it: mouse down on `standIn`, `release()`, wait for the stand-in to
 * go, mouse up.
 */
export async function pressAcrossLoad(page: Page, standIn: Locator, release: () => void) {
  const box = (await standIn.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  release();
  await expect(standIn).toHaveCount(0);
  await page.mouse.up();
}
