import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { createPath, Route, Router, Routes, type Navigator } from 'react-router';
import { anonymousSession, PRODUCT_NAME_DEFAULT, PRODUCT_NAME_PLACEHOLDER } from '@studium/protocol';
import { createQueryClient } from './providers/query-client';
import SidebarLayout from '../features/sidebar/components/sidebar-layout';
import { AppLayout } from './layout';
import HomeRoute from './routes/home';
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

/**
 * /home's frame as it first renders for a signed-in user while the session and the page's data
 * are on their way: the navbar's bar, the page's heading, prompt and buttons, the loading states
 * of the room tree and the cards beside it. index.html carries it for a page opened on /home
 * (vite-plugins/landing-shell.ts), so the page's frame is painted before the app has loaded; the
 * app's first render puts the same frame in its place, and the data into it once it comes.
 */
export function renderHomeFrame(): string {
  const queryClient = createQueryClient();
  // No session yet, so the frame names the product by its default name: it becomes the
  // placeholder the server fills with its PRODUCT_NAME, as on the visitors' pages.
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <Router location="/home" navigator={hashNavigator} static>
        <Routes>
          <Route element={<AppLayout />}>
            <Route element={<SidebarLayout />}>
              <Route path="/home" element={<HomeRoute />} />
            </Route>
          </Route>
        </Routes>
      </Router>
    </QueryClientProvider>,
  );
  return html.split(PRODUCT_NAME_DEFAULT).join(PRODUCT_NAME_PLACEHOLDER);
}
