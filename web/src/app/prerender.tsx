import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { createPath, Router, type Navigator } from 'react-router';
import { anonymousSession, PRODUCT_NAME_PLACEHOLDER } from '@studium/protocol';
import { createQueryClient } from './providers/query-client';
import { AppRoutes } from './router';
import { sessionKeys } from '../lib/query-keys';

// Links come out as the hash router writes them (`#/login`), so they work before the app loads.
const hashNavigator: Navigator = {
  createHref: (to) => `#${typeof to === 'string' ? to : createPath(to)}`,
  go: () => undefined,
  push: () => undefined,
  replace: () => undefined,
};

/**
 * A page as a visitor who is not logged in sees it (the landing page, the login and register
 * forms), rendered at build time into index.html (see vite-plugins/landing-shell.ts): their
 * first paint needs no JavaScript.
 */
export function renderRoute(path: '/' | '/login' | '/register'): string {
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionKeys.all, anonymousSession(PRODUCT_NAME_PLACEHOLDER));
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <Router location={path} navigator={hashNavigator} static>
        <AppRoutes />
      </Router>
    </QueryClientProvider>,
  );
}
