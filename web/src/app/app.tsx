import { startTransition, StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { ErrorState } from '../components/ui/error-state';
import { takeEarlyReadsWith } from '../lib/api-client';
import { installCspNonce } from '../lib/csp-nonce';
import { rememberedSession } from '../lib/offline-data';
import { applyTheme, effectiveDarkmode } from '../lib/theme';
import { isLoggedIn, type PeekedSession } from './boot';
import { restoreTypedFields } from './carry-over';
import { AppProviders } from './providers/app-providers';
import { AppRoutes, loadOpeningScreen, SCREEN_FAILED } from './router';
import { loadSignedIn } from './signed-in-loader';

/**
 * Renders the app into #root, replacing the page that index.html carries (the landing page, or a
 * prerendered login or register form). `session` is the session answer main.tsx fetched while the
 * app loaded, if any. The first render is a transition, so React yields to the browser while it
 * builds the page instead of blocking it for the whole render. A logged-in user's first render
 * already has the navbar's logged-in parts (signed-in.tsx) and, on /home or a chat, the screen
 * itself (its code is loaded alongside), so the screen's frame is the first thing painted.
 * `takeEarlyRead` (boot.ts) gives the app's first reads what index.html's boot script asked for
 * ahead (the room, on a chat's page).
 */
export async function mountApp(
  session: PeekedSession | null,
  takeEarlyRead: (path: string) => Promise<Response> | undefined,
) {
  takeEarlyReadsWith(takeEarlyRead);
  // Offline, the last signed-in session stands in for the answer (app-providers.tsx).
  if (isLoggedIn(session) || (session === null && rememberedSession())) {
    await Promise.all([loadOpeningScreen(window.location.hash), loadSignedIn().catch(() => undefined)]);
  }
  applyTheme(effectiveDarkmode());
  installCspNonce();

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');

  const root = createRoot(container, {
    // A screen that failed shows why where it was (router.tsx), so this is not an error of the page.
    onCaughtError: (error) => console.warn('A part of the screen failed to render:', error),
  });
  startTransition(() => {
    root.render(
      <StrictMode>
        {/* The last resort (the navbar itself failed): a way back, never a blank page. */}
        <ErrorBoundary
          fallback={() => (
            <ErrorState
              message={SCREEN_FAILED}
              onRetry={() => window.location.reload()}
              className="mx-auto mt-16 max-w-md"
            />
          )}
        >
          <AppProviders session={session}>
            <AppRoutes />
          </AppProviders>
        </ErrorBoundary>
        {/* Nothing typed into a prerendered form is lost when the app's own form replaces it. */}
        <AfterFirstRender run={() => restoreTypedFields(container)} />
      </StrictMode>,
    );
  });
}

/** Runs `run` in the commit that replaced the page, before the browser handles another event. */
function AfterFirstRender({ run }: { run: () => void }) {
  useLayoutEffect(run, [run]);
  return null;
}
