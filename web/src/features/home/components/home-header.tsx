import { Link } from 'react-router';
import { Bot, RotateCcw } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';

/** 'Chat Rooms' with its prompt and its two buttons. */
export function HomeHeader() {
  return (
    <PageHeader
      title="Chat Rooms"
      description="Lost? Try our bot or redo the onboarding!"
      actions={
        <>
          <Link to={paths.discoveryBot.href()} className={buttonClasses('primary', 'sm')}>
            <Bot aria-hidden="true" className="size-4" />
            Discovery Bot
          </Link>
          <Link to={`${paths.onboarding.href()}/`} className={buttonClasses('secondary', 'sm')}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Redo onboarding
          </Link>
        </>
      }
    />
  );
}
