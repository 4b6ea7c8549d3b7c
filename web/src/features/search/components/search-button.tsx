import { Link, useLocation } from 'react-router';
import { Search } from 'lucide-react';
import { SEARCH_TEXTS } from '@studium/protocol';
import { isUnder, paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { useSearchShortcut } from '../hooks/use-search-shortcut';

/** The navbar's search icon; it also listens for Ctrl/Cmd+K. */
export function SearchButton() {
  useSearchShortcut();
  const { pathname } = useLocation();
  const active = isUnder(pathname, paths.search.href());
  return (
    <Link
      to={paths.search.href()}
      aria-current={active ? 'page' : undefined}
      title={`${SEARCH_TEXTS.title} (Ctrl+K)`}
      aria-keyshortcuts="Control+K Meta+K"
      className={cn(
        'flex size-9 items-center justify-center rounded-md transition-colors',
        active ? 'bg-accent-soft text-accent-text' : 'text-muted-fg hover:bg-surface-2 hover:text-fg',
      )}
    >
      <Search aria-hidden="true" className="size-5" />
      <span className="sr-only">{SEARCH_TEXTS.title}</span>
    </Link>
  );
}
