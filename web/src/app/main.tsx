import '@fontsource-variable/inter';
import 'sonner/dist/styles.css';
import '../styles/index.css';
import { isLandingHash, peekLoggedIn } from './boot';

/**
 * The first load stays small: index.html already shows the landing page (rendered at build time),
 * so a visitor who is not logged in reads it without the app. The app (React, the router, the
 * data layer) loads for any other route, on the first navigation away, or when a session exists.
 */
let started = false;
function startApp() {
  if (started) return;
  started = true;
  void import('./app').then(({ mountApp }) => mountApp());
}

if (!isLandingHash(window.location.hash)) {
  startApp();
} else {
  window.addEventListener('hashchange', () => {
    // In-page anchors (the skip link's #main) are not routes.
    if (window.location.hash.startsWith('#/') && !isLandingHash(window.location.hash)) startApp();
  });
  void peekLoggedIn().then((loggedIn) => {
    // Logged in, or unknown (offline, server error): the app shows the right page or state.
    if (loggedIn !== false) startApp();
  });
}
