import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { TEXTS } from '@studium/protocol';
import { buttonClasses } from '../../components/ui/button';
import { paths } from '../../config/paths';

export function NotFoundRoute() {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent-text">
        <Compass aria-hidden="true" className="size-7" />
      </span>
      <p className="text-sm font-semibold tracking-wider text-accent-text uppercase">Error 404</p>
      <h1 className="text-2xl font-semibold tracking-tight">{TEXTS.notFound.body}</h1>
      <p className="text-sm text-muted-fg">The link may be broken, or the page may have moved.</p>
      <Link to={paths.landing.href()} className={buttonClasses('primary', 'md', 'mt-2')}>
        {TEXTS.notFound.back}
      </Link>
    </section>
  );
}
