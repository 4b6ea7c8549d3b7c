import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { FeaturePlaceholder } from '../../components/feature-placeholder';
import { paths } from '../../config/paths';

export default function HomeRoute() {
  return (
    <FeaturePlaceholder
      title="Chat Rooms"
      description="Browse the room tree of your faculty, programme and courses."
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Link to={paths.discoveryBot.href()} className={buttonClasses('primary', 'sm')}>
            Discovery Bot
          </Link>
          <Link to={paths.onboarding.href()} className={buttonClasses('secondary', 'sm')}>
            Redo onboarding
          </Link>
        </div>
      }
    />
  );
}
