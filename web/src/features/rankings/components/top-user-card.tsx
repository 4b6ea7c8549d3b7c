import { Link } from 'react-router';
import { Trophy } from 'lucide-react';
import { Avatar } from '../../../components/ui/avatar';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { SkeletonRow } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useRankings } from '../api/get-rankings';

/** The sidebar's 'Top User' (first ranking entry); failures are silent (docs/rankings.md). */
export function TopUserCard() {
  const { data, isPending } = useRankings();
  const top = data?.rankings?.[0];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Trophy aria-hidden="true" className="size-4 text-accent-text" />
          Top User
        </CardTitle>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <SkeletonRow avatar="size-10" title="h-4 w-24" detail="h-3 w-32" />
        ) : top ? (
          <div className="flex flex-col gap-4">
            <div className="flex items-center gap-3">
              <Avatar name={top.username} />
              <div className="min-w-0">
                <p className="truncate font-semibold text-fg">{top.username}</p>
                <p className="text-xs text-muted-fg">
                  {top.total_reactions} total {top.total_reactions === 1 ? 'reaction' : 'reactions'} ·{' '}
                  {top.total_reactions_day} today
                </p>
              </div>
            </div>
            <div className="flex flex-wrap gap-2">
              <Link to={paths.userProfile.href(top.username)} className={buttonClasses('secondary', 'sm')}>
                View Profile
              </Link>
              <Link to={paths.rankings.href()} className={buttonClasses('ghost', 'sm')}>
                Full Rankings
              </Link>
            </div>
          </div>
        ) : (
          <div className="flex flex-col items-start gap-3">
            <p className="text-sm text-muted-fg">No rankings yet</p>
            <Link to={paths.rankings.href()} className={buttonClasses('secondary', 'sm')}>
              View Rankings
            </Link>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
