import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installCspNonce } from '../lib/csp-nonce';
import { readDarkmode } from '../lib/storage';
import { applyTheme } from '../lib/theme';
import { AppProviders } from './providers/app-providers';
import { AppRoutes } from './router';

/** Renders the app into #root, replacing the landing page that index.html carries. */
export function mountApp() {
  applyTheme(readDarkmode() ?? false);
  installCspNonce();

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');

  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </StrictMode>,
  );
}
