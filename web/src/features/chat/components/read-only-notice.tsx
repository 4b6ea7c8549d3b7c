import { Link, useLocation } from 'react-router';
import { Lock } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { loginReturnState, paths } from '../../../config/paths';

/** In place of the composer when the viewer may not write (docs/chat.md). */
export function ReadOnlyNotice({ anonymous }: { anonymous: boolean }) {
  const location = useLocation();
  return (
    <div className="flex flex-wrap items-center justify-center gap-3 border-t border-border bg-surface px-4 py-4 text-sm text-muted-fg">
      <Lock aria-hidden="true" className="size-4" />
      {anonymous ? (
        <>
          <span>Please log in to participate in the chat.</span>
          <Link
            to={paths.login.href()}
            state={loginReturnState(location)}
            className={buttonClasses('primary', 'sm')}
          >
            Log In
          </Link>
        </>
      ) : (
        <span>This room is read-only for you: only its members can write here.</span>
      )}
    </div>
  );
}
