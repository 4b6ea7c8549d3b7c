import '@fontsource-variable/inter';
import 'sonner/dist/styles.css';
import '../styles/index.css';
import { watchPrerenderedSubmit } from './carry-over';
import { registerServiceWorker } from './service-worker';
import { isLandingHash, isLoggedIn, isPrerenderedHash, peekSession, type PeekedSession } from './boot';

/**
 * The first load stays small: index.html already shows the landing page (rendered at build time),
 * so a visitor who is not logged in reads it without the app. The app (React, the router, the
 * data layer) loads for any other route, on the first navigation away, or when a session exists.
 * The session is asked for while the app loads, so the app's first render is already the right
 * page (a prerendered login form stays as it is, instead of turning into a spinner and back).
 */
let started = false;
function startApp(session: Promise<PeekedSession | null>) {
  if (started) return;
  started = true;
  void Promise.all([import('./app'), session]).then(([{ mountApp }, peeked]) => mountApp(peeked));
}

if (isPrerenderedHash(window.location.hash)) {
  watchPrerenderedSubmit();
  // The login or register form is on screen already: the app loads once it has been painted,
  // so the first paint does not share the network with it.
  requestAnimationFrame(() => setTimeout(() => startApp(peekSession()), 0));
} else if (!isLandingHash(window.location.hash)) {
  startApp(peekSession());
} else {
  const session = peekSession();
  window.addEventListener('hashchange', () => {
    // In-page anchors (the skip link's #main) are not routes.
    if (window.location.hash.startsWith('#/') && !isLandingHash(window.location.hash)) startApp(session);
  });
  void session.then((peeked) => {
    // Logged in, or unknown (offline, server error): the app shows the right page or state.
    if (isLoggedIn(peeked) !== false) startApp(session);
  });
}

registerServiceWorker();
