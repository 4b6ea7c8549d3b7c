import { Link } from 'react-router';
import { MessageCircle, Users } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { paths } from '../../../config/paths';

export function QuickActions() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <Link to={paths.matchmake.href()} className={buttonClasses('secondary', 'md', 'justify-start')}>
          <Users aria-hidden="true" className="size-4" />
          Find Study Partners
        </Link>
        <Link to={paths.dms.href()} className={buttonClasses('secondary', 'md', 'justify-start')}>
          <MessageCircle aria-hidden="true" className="size-4" />
          Direct Messages
        </Link>
      </CardContent>
    </Card>
  );
}
