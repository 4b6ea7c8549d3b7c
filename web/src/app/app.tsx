import { startTransition, StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { installCspNonce } from '../lib/csp-nonce';
import { readDarkmode } from '../lib/storage';
import { applyTheme } from '../lib/theme';
import type { PeekedSession } from './boot';
import { readTypedFields, restoreTypedFields } from './carry-over';
import { AppProviders } from './providers/app-providers';
import { AppRoutes } from './router';

/**
 * Renders the app into #root, replacing the page that index.html carries (the landing page, or a
 * prerendered login or register form). `session` is the session answer main.tsx fetched while the
 * app loaded, if any. The first render is a transition, so React yields to the browser while it
 * builds the page instead of blocking it for the whole render.
 */
export function mountApp(session: PeekedSession | null = null) {
  applyTheme(readDarkmode() ?? false);
  installCspNonce();

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');

  // Nothing typed into a prerendered form is lost when the app's own form replaces it.
  const typed = readTypedFields(container);
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders session={session}>
          <AppRoutes />
        </AppProviders>
        <AfterFirstRender run={() => restoreTypedFields(container, typed)} />
      </StrictMode>,
    );
  });
}

/** Runs `run` in the commit that replaced the page, before the browser handles another event. */
function AfterFirstRender({ run }: { run: () => void }) {
  useLayoutEffect(run, [run]);
  return null;
}
