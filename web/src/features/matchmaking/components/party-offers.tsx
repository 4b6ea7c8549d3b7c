import { Link } from 'react-router';
import { Clock, MessagesSquare, Users } from 'lucide-react';
import { PARTY_TEXTS, topicLabel, type Party } from '@studium/protocol';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { formatMessageTimestamp } from '../../../lib/time';
import { usePartyCandidates } from '../api/get-party-candidates';
import { sortPending } from '../lib/party-display';
import { PendingCard, RecommendationCard } from './party-candidate-card';

const t = PARTY_TEXTS;

function OffersSkeleton() {
  return (
    <div role="status" aria-label="Loading matches" className="flex flex-col gap-3">
      {[0, 1].map((i) => (
        <div key={i} className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-5">
          <div className="flex items-center justify-between">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-5 w-24 rounded-full" />
          </div>
          <Skeleton className="h-3 w-2/3" />
          <div className="flex gap-2">
            <Skeleton className="h-8 w-20" />
            <Skeleton className="h-8 w-20" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The group rooms the party was matched into (the party's own answer, like its status). */
export function YourMatches({ matches }: { matches: Party['matches'] }) {
  return (
    <section aria-labelledby="party-matches" className="flex flex-col gap-3">
      <h2 id="party-matches" className="text-base font-semibold text-fg">
        {t.yourMatches}
      </h2>
      {matches.length ? (
        <ul className="flex flex-col gap-2">
          {matches.map((m) => (
            <li
              key={m.offer_id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-border bg-surface px-4 py-3 text-sm"
            >
              <MessagesSquare aria-hidden="true" className="size-4 text-accent-text" />
              <Link
                to={paths.chat.href(m.room_id)}
                className="font-medium text-accent-text underline-offset-4 hover:underline"
              >
                {m.room_name}
              </Link>
              <span className="text-muted-fg">{topicLabel(m.topic_key)}</span>
              <span className="min-w-0 break-words text-fg">
                {m.member_usernames.map((u) => `@${u}`).join(', ')}
              </span>
              <time dateTime={m.matched_at} className="text-muted-fg">
                {formatMessageTimestamp(m.matched_at)}
              </time>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-fg">{t.noMatches}</p>
      )}
    </section>
  );
}

/** Recommendations and Pending as sub-tabs (one call feeds both), then 'Your Matches'. */
export function PartyOffers({ partyId, matches }: { partyId: number; matches: Party['matches'] }) {
  const query = usePartyCandidates(partyId);

  if (query.isPending) return <OffersSkeleton />;
  if (query.isError) {
    return (
      <ErrorState message={t.fetchFailed} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  const { candidates } = query.data;
  const pending = sortPending(query.data.pending_offers);

  return (
    <div className="flex flex-col gap-6">
      <Tabs defaultValue="recommendations">
        <TabsList aria-label="Party offers">
          <TabsTrigger value="recommendations">
            {t.recommendations} <span className="tabular-nums">({candidates.length})</span>
          </TabsTrigger>
          <TabsTrigger value="pending">
            {t.pending} <span className="tabular-nums">({pending.length})</span>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="recommendations">
          {candidates.length ? (
            <ul className="flex flex-col gap-3">
              {candidates.map((c) => (
                <RecommendationCard key={c.candidate_party_id} partyId={partyId} candidate={c} />
              ))}
            </ul>
          ) : (
            <EmptyState icon={Users} title={t.noCandidates} />
          )}
        </TabsContent>
        <TabsContent value="pending">
          {pending.length ? (
            <ul className="flex flex-col gap-3">
              {pending.map((o) => (
                <PendingCard key={o.candidate_party_id} partyId={partyId} offer={o} />
              ))}
            </ul>
          ) : (
            <EmptyState icon={Clock} title={t.noPending} />
          )}
        </TabsContent>
      </Tabs>
      <YourMatches matches={matches} />
    </div>
  );
}
