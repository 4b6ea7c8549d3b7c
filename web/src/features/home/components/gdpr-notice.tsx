import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** The home page's footer notice on what is stored. */
export function GdprNotice() {
  return (
    <footer className="mt-10 border-t border-border pt-6 text-xs text-muted-fg">
      We store your messages, reactions and profile data to run the chat. Read what we collect and why on the{' '}
      <Link to={paths.about.href()} className="text-accent-text underline underline-offset-2">
        About page
      </Link>
      .
    </footer>
  );
}
