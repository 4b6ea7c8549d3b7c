import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { GraduationCap } from 'lucide-react';
import { TEXTS } from '@studium/protocol';
import { buttonClasses } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useProductName } from '../../config/product';
import { useSession } from '../../features/auth/hooks/use-session';
import { SearchButton } from '../../features/search/components/search-button';
import { UserAvatar } from '../../features/profile/components/user-avatar';
import { NavTabs } from './nav-tabs';
import { NotificationsButton } from './notifications-button';

// The account menu (and the menu library under it) comes after the page: no first paint waits for it.
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));

/**
 * The account menu's button until the menu has loaded: the same look and name, and a press
 * opens the menu as soon as it is there.
 */
function AccountMenuLoading({ username, onPress }: { username: string; onPress: () => void }) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-busy="true"
      onClick={onPress}
      className="rounded-full transition-shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <UserAvatar username={username} />
      <span className="sr-only">Account menu for {username}</span>
    </button>
  );
}

/** The navigation bar (docs/auth.md): tabs and menus when logged in, sign-in buttons otherwise. */
export function Navbar() {
  const productName = useProductName();
  const { isLoading, isAuthenticated, username } = useSession();
  const [menuWanted, setMenuWanted] = useState(false);
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/90 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
        <Link
          to={paths.landing.href()}
          className="flex items-center gap-2 rounded-md px-1 py-1 text-base font-semibold tracking-tight text-fg"
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-accent text-accent-fg">
            <GraduationCap aria-hidden="true" className="size-5" />
          </span>
          <span className={isAuthenticated ? 'sr-only md:not-sr-only' : undefined}>{productName}</span>
        </Link>

        {isAuthenticated && username ? (
          <>
            <NavTabs />
            <div className="ml-auto flex items-center gap-1 sm:gap-2">
              <SearchButton />
              <NotificationsButton />
              <Suspense
                fallback={<AccountMenuLoading username={username} onPress={() => setMenuWanted(true)} />}
              >
                <AccountMenu username={username} defaultOpen={menuWanted} />
              </Suspense>
            </div>
          </>
        ) : isLoading ? null : (
          <div className="ml-auto flex items-center gap-2">
            <Link to={paths.login.href()} className={buttonClasses('ghost', 'sm')}>
              {TEXTS.nav.signIn}
            </Link>
            <Link to={paths.register.href()} className={buttonClasses('primary', 'sm')}>
              {TEXTS.nav.getStarted}
            </Link>
          </div>
        )}
      </nav>
    </header>
  );
}
