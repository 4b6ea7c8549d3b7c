import '@fontsource-variable/inter';
import 'sonner/dist/styles.css';
import '../styles/index.css';
import { watchPrerenderedForm } from './carry-over';
import { registerServiceWorker } from './service-worker';
import {
  framedScreen,
  isLandingHash,
  isLoggedIn,
  isPrerenderedHash,
  peekSession,
  takeEarlyRead,
  type PeekedSession,
} from './boot';

/**
 * The first load stays small: index.html already shows the landing page (rendered at build time),
 * so a visitor who is not logged in reads it without the app. The app (React, the router, the
 * data layer) loads for any other route, on the first navigation away, or when a session exists.
 * The session is asked for while the app loads, so the app's first render is already the right
 * page (a prerendered login form stays as it is, instead of turning into a spinner and back).
 */
let started = false;

function startApp(session: Promise<PeekedSession | null>, { inSteps = false } = {}) {
  if (started) return;
  started = true;
  // A logged-in user's screens also need the navbar's logged-in parts: fetched alongside.
  const peeked = session.then((answer) => {
    if (isLoggedIn(answer)) import('./signed-in').catch(() => undefined);
    return answer;
  });
  void (inSteps ? loadInSteps() : Promise.resolve())
    .then(() => Promise.all([import('./app'), peeked]))
    .then(([{ mountApp }, answer]) => mountApp(answer, takeEarlyRead));
}

/**
 * Under a page that is already usable (a prerendered form), the app is evaluated in three tasks
 * instead of one: React, then the libraries under the app, then the app. The browser paints and
 * handles the visitor's typing between them, where one long task would hold it for the whole
 * evaluation (docs/benchmarks.md has the measurements). Not for a page still blank: there the
 * one-step load, which fetches everything at once, shows the page sooner.
 */
async function loadInSteps() {
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  await import('./stage-react');
  await nextTask();
  await import('./stage-libs');
  await nextTask();
}

const form = isPrerenderedHash(window.location.hash);
if (form || framedScreen(window.location.hash)) {
  if (form) watchPrerenderedForm();
  // The login or register form, or the frame of /home or a chat (its layout and loading states),
  // is on screen already: the app loads once it has been painted, so the first paint does not
  // share the network with it, and in steps (see loadInSteps). A page opened in a background tab
  // is not painted (no animation frame) until it is shown: it loads at once instead.
  const start = () => startApp(peekSession(), { inSteps: true });
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
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
