import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { ErrorState } from '../components/ui/error-state';
import { PageSpinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { framedScreen } from './boot';
import { RequireAuth, RequireAuthForRankings, RequireGuest } from './guards';
import { AppLayout } from './layout';
import { LandingRoute } from './routes/landing';
import { LoginRoute } from './routes/login';
import { NotFoundRoute } from './routes/not-found';
import { RegisterRoute } from './routes/register';

/** A screen that failed to render (most often: its code did not load, the network dropped). */
export const SCREEN_FAILED = 'This page could not be loaded. Check your connection and try again.';

// Everything but the landing and auth screens is code-split to keep the first load small. A
// screen whose code fails to load shows why, with Retry, inside the page chrome (docs/architecture.md).
// A screen whose code is already there (asked for before the first render, `preload`) renders at
// once: React's lazy component would suspend on its first render even then, show the spinner,
// and reveal the screen a frame or more later, once for each lazy level (the sidebar, the screen).
function lazyRoute(load: () => Promise<{ default: ComponentType }>) {
  let loaded: ComponentType | null = null;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const screen = { Page: lazy(loadAndKeep) };
  function LazyPage() {
    const [, rerender] = useState(0);
    // Chosen once per mount, so the page never switches components (and loses its state) midway.
    const [Loaded] = useState(() => loaded);
    return (
      <ErrorBoundary
        // React keeps a failed load failed: a new lazy component asks the network again, and this
        // screen renders again to use it (the boundary clears its own failure).
        onRetry={() => {
          screen.Page = lazy(loadAndKeep);
          rerender((n) => n + 1);
        }}
        fallback={(retry) => (
          <ErrorState message={SCREEN_FAILED} onRetry={retry} className="mx-auto max-w-md" />
        )}
      >
        <Suspense fallback={<PageSpinner />}>{Loaded ? <Loaded /> : <screen.Page />}</Suspense>
      </ErrorBoundary>
    );
  }
  /** Loads the screen's code ahead of its first render. */
  LazyPage.preload = () => loadAndKeep().then(() => undefined);
  return LazyPage;
}

const HomeRoute = lazyRoute(() => import('./routes/home'));
const ChatRoute = lazyRoute(() => import('./routes/chat'));
const ProfileRoute = lazyRoute(() => import('./routes/profile'));
const UserProfileRoute = lazyRoute(() => import('./routes/user-profile'));
const MatchmakeRoute = lazyRoute(() => import('./routes/matchmake'));
const MatchmakingBotRoute = lazyRoute(() => import('./routes/matchmaking-bot'));
const DiscoveryBotRoute = lazyRoute(() => import('./routes/discovery-bot'));
const DmsRoute = lazyRoute(() => import('./routes/dms'));
const NotificationsRoute = lazyRoute(() => import('./routes/notifications'));
const OnboardingRoute = lazyRoute(() => import('./routes/onboarding'));
const AboutRoute = lazyRoute(() => import('./routes/about'));
const PatchNotesRoute = lazyRoute(() => import('./routes/patch-notes'));
const RankingsRoute = lazyRoute(() => import('./routes/rankings'));
const SearchRoute = lazyRoute(() => import('./routes/search'));
const ModerationRoute = lazyRoute(() => import('./routes/moderation'));
// The sidebar of the user's rooms around /home and the chats (docs/rooms.md).
// Its screen's code is asked for at the same time, not once the layout has rendered: one wait, not two.
const SidebarLayout = lazyRoute(() => {
  void (framedScreen(window.location.hash) === 'chat' ? ChatRoute : HomeRoute)
    .preload()
    .catch(() => undefined);
  return import('../features/sidebar/components/sidebar-layout');
});

/**
 * Loads the code of the screen the page opens on, when it is /home or a chat (the screens whose
 * frame index.html carries), before the first render: a signed-in first visit then fetches it
 * alongside the navbar's signed-in parts instead of after them, and the first render shows the
 * screen itself, its frame until its data comes, not a spinner in its place. Resolves once both
 * the sidebar and the screen are there (or failed: the screen shows why).
 */
export async function loadOpeningScreen(hash: string): Promise<void> {
  const screen = framedScreen(hash);
  if (screen)
    await Promise.all([SidebarLayout.preload(), (screen === 'chat' ? ChatRoute : HomeRoute).preload()]).catch(
      () => undefined,
    );
}

const auth = (node: ReactNode) => <RequireAuth>{node}</RequireAuth>;
const guest = (node: ReactNode) => <RequireGuest>{node}</RequireGuest>;

/** The route table (docs/auth.md) with each route's access rule. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path={paths.landing.pattern} element={<LandingRoute />} />
        <Route element={auth(<SidebarLayout />)}>
          <Route path={paths.home.pattern} element={auth(<HomeRoute />)} />
          <Route path={paths.chat.pattern} element={auth(<ChatRoute />)} />
        </Route>
        <Route path={paths.profile.pattern} element={auth(<ProfileRoute />)} />
        <Route path={paths.userProfile.pattern} element={auth(<UserProfileRoute />)} />
        <Route path={paths.matchmake.pattern} element={auth(<MatchmakeRoute />)} />
        <Route path={paths.matchmakingBot.pattern} element={auth(<MatchmakingBotRoute />)} />
        <Route path={paths.discoveryBot.pattern} element={auth(<DiscoveryBotRoute />)} />
        <Route path={paths.dms.pattern} element={auth(<DmsRoute />)} />
        <Route path={paths.search.pattern} element={auth(<SearchRoute />)} />
        <Route path={`${paths.notifications.pattern}/*`} element={auth(<NotificationsRoute />)} />
        <Route path={paths.moderation.pattern} element={auth(<ModerationRoute />)} />
        <Route path={paths.onboarding.pattern} element={auth(<OnboardingRoute />)} />
        <Route path={paths.login.pattern} element={guest(<LoginRoute />)} />
        <Route path={paths.register.pattern} element={guest(<RegisterRoute />)} />
        <Route path={paths.about.pattern} element={<AboutRoute />} />
        <Route path={paths.patchNotes.pattern} element={<PatchNotesRoute />} />
        <Route
          path={paths.rankings.pattern}
          element={
            <RequireAuthForRankings>
              <RankingsRoute />
            </RequireAuthForRankings>
          }
        />
        <Route path={paths.notFound.pattern} element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
