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
export const firstScreenShown = () => new Promise<void>((resolve) => afterFirstScreen(resolve));
