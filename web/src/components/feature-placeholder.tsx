import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Construction } from 'lucide-react';
import { TEXTS } from '@studium/protocol';
import { buttonClasses } from './ui/button';
import { EmptyState } from './ui/empty-state';
import { PageHeader } from './ui/page-header';
import { paths } from '../config/paths';

interface FeaturePlaceholderProps {
  title: string;
  description: string;
  /** Replaces the default 'Go to Chat Rooms' next step. */
  action?: ReactNode;
  children?: ReactNode;
}

/** The frame of a screen whose content ships with a later feature. */
export function FeaturePlaceholder({ title, description, action, children }: FeaturePlaceholderProps) {
  return (
    <section aria-labelledby="page-title">
      <PageHeader title={title} description={description} />
      {children ?? (
        <EmptyState
          icon={Construction}
          title="This screen is on its way"
          description="We are building it right now. Meanwhile, here is a good next step."
          action={
            action ?? (
              <Link to={paths.home.href()} className={buttonClasses('secondary', 'sm')}>
                {TEXTS.landing.goToChatRooms}
              </Link>
            )
          }
        />
      )}
    </section>
  );
}
