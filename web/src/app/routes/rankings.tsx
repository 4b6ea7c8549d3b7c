import { Link } from 'react-router';
import { Medal, Trophy } from 'lucide-react';
import { RANKINGS_TEXTS, type RankingEntry } from '@studium/protocol';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { paths } from '../../config/paths';
import { useSession } from '../../features/auth/hooks/use-session';
import { useUserProfileQuery } from '../../features/profile/api/get-user-profile';
import { useRankings } from '../../features/rankings/api/get-rankings';
import { cn } from '../../lib/cn';

type Period = 'all' | 'today';

interface Row {
  rank: number;
  username: string;
  count: number;
  other: number;
}

const MEDALS = ['text-amber-500', 'text-slate-400', 'text-orange-700'];

/** Rows of one period: the server already ranks by that period (`?period=today`). */
function rowsFor(rankings: RankingEntry[], period: Period): Row[] {
  if (period === 'all') {
    return rankings.map((r, i) => ({
      rank: i + 1,
      username: r.username,
      count: r.total_reactions,
      other: r.total_reactions_day,
    }));
  }
  return rankings.map((r, i) => ({
    rank: i + 1,
    username: r.username,
    count: r.total_reactions_day,
    other: r.total_reactions,
  }));
}

function RankingRow({ row, period, isSelf }: { row: Row; period: Period; isSelf: boolean }) {
  return (
    <li
      aria-current={isSelf ? 'true' : undefined}
      className={cn('flex items-center gap-3 px-4 py-3', isSelf && 'bg-accent-soft')}
      data-self={isSelf || undefined}
    >
      <span className="flex w-10 shrink-0 items-center justify-center text-sm font-semibold text-muted-fg tabular-nums">
        {row.rank <= 3 ? <Medal aria-hidden="true" className={cn('size-5', MEDALS[row.rank - 1])} /> : null}
        <span className={row.rank <= 3 ? 'sr-only' : undefined}>#{row.rank}</span>
      </span>
      <Link
        to={paths.userProfile.href(row.username)}
        className="min-w-0 flex-1 truncate font-medium text-fg hover:underline"
      >
        {row.username}
      </Link>
      {isSelf ? <Badge tone="accent">{RANKINGS_TEXTS.you}</Badge> : null}
      <span className="text-right text-sm">
        <span className="font-semibold text-fg tabular-nums">{row.count}</span>{' '}
        <span className="text-muted-fg">
          {period === 'all' ? (row.count === 1 ? 'reaction' : 'reactions') : 'today'}
        </span>
        <span className="block text-xs text-muted-fg tabular-nums">
          {period === 'all' ? `${row.other} today` : `${row.other} all time`}
        </span>
      </span>
    </li>
  );
}

/** Your own line under the list when you are not in it: from your profile's counters. */
function OwnPosition({ username, period }: { username: string; period: Period }) {
  const { data } = useUserProfileQuery(username);
  if (!data) return null;
  const rank = period === 'all' ? data.rank : data.rank_day;
  const count = period === 'all' ? data.total_reactions : data.total_reactions_day;
  const other = period === 'all' ? data.total_reactions_day : data.total_reactions;
  return (
    <div className="border-t border-dashed border-border-strong">
      {rank ? (
        <ul aria-label="Your position">
          <RankingRow row={{ rank, username, count, other }} period={period} isSelf />
        </ul>
      ) : (
        <p className="bg-accent-soft px-4 py-3 text-sm text-fg" data-self>
          {RANKINGS_TEXTS.you}: {RANKINGS_TEXTS.unranked}
          {period === 'today' ? ' today' : ''}.
        </p>
      )}
    </div>
  );
}

function RankingList({
  rankings,
  period,
  me,
}: {
  rankings: RankingEntry[];
  period: Period;
  me: string | null;
}) {
  const rows = rowsFor(rankings, period);
  const meLower = me?.toLowerCase();
  const isSelf = (username: string) => username.toLowerCase() === meLower;
  if (rows.length === 0) {
    return (
      <EmptyState
        icon={Trophy}
        title={RANKINGS_TEXTS.empty}
        description={
          period === 'all'
            ? 'Rankings count the reactions people receive on their messages. Join a room and start the conversation!'
            : 'Nobody has received a reaction today yet.'
        }
        action={
          <Link to={paths.home.href()} className={buttonClasses('primary')}>
            Go to Chat Rooms
          </Link>
        }
      />
    );
  }
  return (
    <Card className="overflow-hidden">
      <ol
        aria-label={period === 'all' ? 'All-time rankings' : "Today's rankings"}
        className="divide-y divide-border"
      >
        {rows.map((row) => (
          <RankingRow key={row.username} row={row} period={period} isSelf={isSelf(row.username)} />
        ))}
      </ol>
      {me && !rows.some((r) => isSelf(r.username)) ? <OwnPosition username={me} period={period} /> : null}
    </Card>
  );
}

/** One tab: its own query, skeleton, error with Retry, then the list. */
function RankingPanel({ period, me }: { period: Period; me: string | null }) {
  const query = useRankings(period);
  if (query.isPending) {
    return (
      <Card className="flex flex-col gap-3 p-4" aria-busy="true">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </Card>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        message={RANKINGS_TEXTS.loadFailed}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <RankingList rankings={query.data.rankings} period={period} me={me} />;
}

/** How scores count, as the server counts them (its daily number per reactor and author). */
function RankingRules() {
  const { data } = useRankings('all');
  if (!data) return null;
  return <p className="mb-4 text-sm text-muted-fg">{RANKINGS_TEXTS.rules(data.rules.pair_daily_limit)}</p>;
}

export default function RankingsRoute() {
  const { username } = useSession();
  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader title="Rankings" description="Reactions received on messages, all time and today (UTC)." />
      <RankingRules />
      <Tabs defaultValue="all">
        <TabsList aria-label="Ranking period">
          <TabsTrigger value="all">All time</TabsTrigger>
          <TabsTrigger value="today">Today</TabsTrigger>
        </TabsList>
        <TabsContent value="all">
          <RankingPanel period="all" me={username} />
        </TabsContent>
        <TabsContent value="today">
          <RankingPanel period="today" me={username} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
