import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { createPath, Route, Router, Routes, type Navigator } from 'react-router';
import { anonymousSession, PRODUCT_NAME_PLACEHOLDER } from '@studium/protocol';
import { createQueryClient } from './providers/query-client';
import SidebarLayout from '../features/sidebar/components/sidebar-layout';
import { AppLayout } from './layout';
import { paths } from '../config/paths';
import { ProductNameUntilKnown } from '../config/product';
import ChatRoute from './routes/chat';
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

/** A room address that only stands for one in the chat's frame: the frame shows nothing of the room. */
const FRAME_ROOM = 'room';

/**
 * The frame of /home or of a chat as it first renders for a signed-in user while the session and
 * the screen's data are on their way: the navbar's bar, the sidebar of the user's rooms (from
 * 1024 px) and the screen's layout and loading states: /home's heading, prompt and buttons, the
 * room tree and the cards beside it loading; a chat's header without the room's name, its
 * messages loading and its composer disabled. index.html carries them for a page opened on either
 * (vite-plugins/landing-shell.ts), so the screen's frame is painted before the app has loaded;
 * the app's first render puts the same frame in its place, and the data into it once it comes.
 * The product is named by the placeholder that the server fills with its PRODUCT_NAME.
 */
export function renderFrame(screen: 'home' | 'chat'): string {
  const path = screen === 'home' ? paths.home.href() : paths.chat.href(FRAME_ROOM);
  return renderToString(
    <ProductNameUntilKnown value={PRODUCT_NAME_PLACEHOLDER}>
      <QueryClientProvider client={createQueryClient()}>
        <Router location={path} navigator={hashNavigator} static>
          <Routes>
            <Route element={<AppLayout />}>
              <Route element={<SidebarLayout />}>
                <Route path={paths.home.pattern} element={<HomeRoute />} />
                <Route path={paths.chat.pattern} element={<ChatRoute />} />
              </Route>
            </Route>
          </Routes>
        </Router>
      </QueryClientProvider>
    </ProductNameUntilKnown>,
  );
}
