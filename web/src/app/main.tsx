import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter';
import 'sonner/dist/styles.css';
import '../styles/index.css';
import { installCspNonce } from '../lib/csp-nonce';
import { readDarkmode } from '../lib/storage';
import { applyTheme } from '../lib/theme';
import { AppProviders } from './providers/app-providers';
import { AppRoutes } from './router';

// Before the first render (no inline script is allowed by the CSP), so no theme flash.
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
