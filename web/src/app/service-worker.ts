/**
 * Registers the service worker that lets the app start without the network (docs/architecture.md),
 * and asks for a new build on every load: the browser's own update check after a navigation can
 * be put off for as long as the page keeps it busy, and a student who reloads expects the new
 * version. The new worker takes over by itself (it skips waiting and claims the open pages).
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      // Offline, or a worker still installing: the next load asks again.
      .then((registration) => registration.update())
      .catch(() => undefined);
  });
}
