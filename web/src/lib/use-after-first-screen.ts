/**
 * Runs `run` once the browser is idle after the screen has rendered, for code the first screen
 * does not show: a menu behind a button, the chat's markdown renderer while no message is on screen (at the latest 4 s later). Their bytes then never share
 * a slow link with the screen's own code and data. Returns a function that cancels it.
 */
export function afterFirstScreen(run: () => void): () => void {
  // Safari has no requestIdleCallback: a second there.
  const idle = typeof window.requestIdleCallback === 'function';
  const id = idle ? window.requestIdleCallback(run, { timeout: 4000 }) : window.setTimeout(run, 1000);
  return () => (idle ? window.cancelIdleCallback(id) : window.clearTimeout(id));
}

/** Resolves once the browser is idle after the screen has rendered (see afterFirstScreen). */
const firstScreenShown = () => new Promise<void>((resolve) => afterFirstScreen(resolve));

/**
 * Loads code the screen can do without for a while (a menu behind a button) once the first screen
 * has shown, and asks for it again until it comes: when the browser says it is back online, or
 * after a wait that doubles up to 30 s. It never fails, so a phone that lost the network keeps its
 * screen (the menu's button stands in) instead of an error in its place, and the menu arrives with
 * the network. docs/architecture.md, "Offline".
 */
export function loadAfterFirstScreen<T>(load: () => Promise<T>): Promise<T> {
  return firstScreenShown().then(() => keepLoading(load));
}

const FIRST_WAIT_MS = 1000;
const LONGEST_WAIT_MS = 30_000;

async function keepLoading<T>(load: () => Promise<T>): Promise<T> {
  for (let wait = FIRST_WAIT_MS; ; wait = Math.min(wait * 2, LONGEST_WAIT_MS)) {
    try {
      return await load();
    } catch {
      await backOnlineOrAfter(wait);
    }
  }
}

/** Resolves when the browser fires `online`, or after `ms`, whichever comes first. */
function backOnlineOrAfter(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = window.setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}
