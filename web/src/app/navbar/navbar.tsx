import { Link } from 'react-router';
import { GraduationCap } from 'lucide-react';
import { TEXTS } from '@studium/protocol';
import { buttonClasses } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useProductName } from '../../config/product';
import { useSession } from '../../features/auth/hooks/use-session';
import { useSignedIn } from '../signed-in-loader';

/** The navigation bar (docs/auth.md): tabs and menus when logged in, sign-in buttons otherwise. */
export function Navbar() {
  const productName = useProductName();
  const { isLoading, isAuthenticated, username } = useSession();
  const signedIn = useSignedIn(isAuthenticated);
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
          // The logged-in tabs and buttons load with the first logged-in page (signed-in.tsx).
          signedIn && <signedIn.SignedInNav username={username} />
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
