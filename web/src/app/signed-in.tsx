import { lazy, Suspense, useState } from 'react';
import { NotificationsWatcher } from '../features/notifications/components/notifications-watcher';
import { SearchButton } from '../features/search/components/search-button';
import { MyRoomsButton } from '../features/sidebar/components/my-rooms-button';
import { UserAvatar } from '../features/profile/components/user-avatar';
import { loadAfterFirstScreen } from '../lib/use-after-first-screen';
import { NavTabs } from './navbar/nav-tabs';
import { NotificationsButton } from './navbar/notifications-button';

/**
 * What only a logged-in user's app needs in every screen: the navbar's tabs and buttons, and the
 * notification socket. A module of its own, loaded once someone is logged in (signed-in-loader.ts),
 * so a visitor's pages (landing, login, register) never load or run it.
 */

// The account menu (and the menu library under it, about 20 KB) comes after the page: asked for
// once the browser is idle after the first render, so the first screen's code and data never
// share the link with it (a press on its button before then opens it once it is there), and
// asked for again until it comes when the network was lost.
const AccountMenu = lazy(() =>
  loadAfterFirstScreen(() => import('./navbar/account-menu')).then((m) => ({ default: m.AccountMenu })),
);

/**
 * The account menu's button until the menu has loaded: the same look and name, and a press
 * opens the menu as soon as it is there. A press counts from its pointerdown, as the menu's own
 * trigger opens on it: the menu may arrive between the press and its release, and the click then
 * lands on neither button.
 */
function AccountMenuLoading({ username, onPress }: { username: string; onPress: () => void }) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-busy="true"
      onPointerDown={onPress}
      onClick={onPress}
      className="rounded-full transition-shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <UserAvatar username={username} />
      <span className="sr-only">Account menu for {username}</span>
    </button>
  );
}

/** The logged-in navbar's tabs, search, notifications and account menu. */
export function SignedInNav({ username }: { username: string }) {
  const [menuWanted, setMenuWanted] = useState(false);
  return (
    <>
      <MyRoomsButton />
      <NavTabs />
      <div className="ml-auto flex items-center gap-1 sm:gap-2">
        <SearchButton />
        <NotificationsButton />
        <Suspense fallback={<AccountMenuLoading username={username} onPress={() => setMenuWanted(true)} />}>
          <AccountMenu username={username} defaultOpen={menuWanted} />
        </Suspense>
      </div>
    </>
  );
}

/** Logged-in services that show nothing of their own: the notification socket and the tab title. */
export function SignedInServices() {
  return <NotificationsWatcher />;
}
