import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Navbar } from './navbar/navbar';
import { OfflineBanner } from './offline-banner';

/** Page chrome: skip link, navbar, main landmark. */
export function AppLayout() {
  const { pathname } = useLocation();
  // A new screen starts at the top, as a full page load would.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        onClick={(event) => {
          // The hash router owns the URL fragment; move focus without navigating.
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
        className="sr-only z-50 rounded-md bg-surface px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Navbar />
      <OfflineBanner />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 outline-none sm:px-6"
      >
        <Outlet />
      </main>
    </div>
  );
}
