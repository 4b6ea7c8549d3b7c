import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { UserRound, Users } from 'lucide-react';
import { MATCHMAKING_TEXTS, type TutorRecommendation, type TutoringRole } from '@studium/protocol';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { useAcceptMatch } from '../api/accept-match';
import { MatchActions } from './match-actions';
import { useDeclineMatch } from '../api/decline-match';
import { useMatches } from '../api/get-matches';
import { useRecommendations } from '../api/get-recommendations';
import { candidateName, fieldScoreRows, formatScore, MODALITY_LABELS } from '../lib/intent-form';

const t = MATCHMAKING_TEXTS;

function RecommendationsSkeleton() {
  return (
    <div role="status" aria-label="Loading matches" className="flex flex-col gap-3">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-5">
          <div className="flex items-center justify-between">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-5 w-16 rounded-full" />
          </div>
          <Skeleton className="h-3 w-2/3" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      ))}
    </div>
  );
}

interface RecommendationCardProps {
  role: TutoringRole;
  subjectIntentId: number;
  rec: TutorRecommendation;
}

function RecommendationCard({ role, subjectIntentId, rec }: RecommendationCardProps) {
  const navigate = useNavigate();
  const accept = useAcceptMatch(role);
  const decline = useDeclineMatch(role);
  const [showDetails, setShowDetails] = useState(false);
  const detailsId = useId();
  const name = candidateName(rec);
  const busy = accept.isPending || decline.isPending;
  const body = { subject_intent_id: subjectIntentId, candidate_intent_id: rec.candidate_intent_id };

  const onAccept = async () => {
    if (busy) return;
    if (!name) {
      toast.error(t.missingUsername);
      return;
    }
    try {
      const { room } = await accept.mutateAsync(body);
      toast.success(t.matchAccepted);
      void navigate(paths.chat.href(room));
    } catch (err) {
      toast.error(t.acceptFailed, { description: errorText(err, '') || undefined });
    }
  };

  const onDecline = async () => {
    if (busy) return;
    try {
      await decline.mutateAsync(body);
      toast.success(t.declined);
    } catch (err) {
      toast.error(t.declineFailed, { description: errorText(err, '') || undefined });
    }
  };

  const facts: [string, string][] = [
    ['Course', rec.course_code],
    ['Modality', MODALITY_LABELS[rec.modality] ?? rec.modality],
  ];
  if (rec.languages) facts.push(['Languages', rec.languages]);
  if (rec.campus) facts.push(['Campus', rec.campus]);
  if (rec.location_hint) facts.push(['Location', rec.location_hint]);
  if (rec.topic) facts.push(['Topic', rec.topic]);
  if (rec.availability) facts.push(['Availability', rec.availability]);
  if (rec.remaining_capacity !== null) facts.push(['Places left', String(rec.remaining_capacity)]);
  const scores = fieldScoreRows(rec.field_scores);
  const label = name ?? 'Unknown user';

  return (
    <li>
      <Card data-testid="recommendation" aria-label={`Match with ${label}`} role="article">
        <CardContent className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            {name ? (
              <Link
                to={paths.userProfile.href(name)}
                className="text-base font-semibold text-fg hover:underline"
              >
                {name}
              </Link>
            ) : (
              <span className="text-base font-semibold text-muted-fg">{label}</span>
            )}
            <Badge tone="accent" data-testid="match-score">
              Match {formatScore(rec.score)}
            </Badge>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {facts.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-muted-fg">{k}</dt>
                <dd className="min-w-0 break-words text-fg">{v}</dd>
              </div>
            ))}
          </dl>
          {rec.pitch ? <p className="text-sm whitespace-pre-line text-fg">{rec.pitch}</p> : null}
          {showDetails ? (
            <div id={detailsId} className="rounded-lg border border-border bg-surface-2 p-3">
              {scores.length ? (
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  {scores.map((row) => (
                    <div key={row.label} className="contents">
                      <dt className="text-muted-fg">{row.label}</dt>
                      <dd className="text-fg tabular-nums">{row.value}</dd>
                    </div>
                  ))}
                </dl>
              ) : (
                <p className="text-sm text-muted-fg">No field scores for this match.</p>
              )}
            </div>
          ) : null}
          <MatchActions
            onAccept={() => void onAccept()}
            onDecline={() => void onDecline()}
            accepting={accept.isPending}
            declining={decline.isPending}
            showDetails={showDetails}
            detailsId={detailsId}
            onToggleDetails={() => setShowDetails((v) => !v)}
            detailsLabel="Details"
          >
            {name ? (
              <Link
                to={paths.userProfile.href(name)}
                className={buttonClasses('ghost', 'sm')}
                aria-label={`View profile of ${name}`}
              >
                <UserRound aria-hidden="true" className="size-4" />
                View profile
              </Link>
            ) : null}
          </MatchActions>
        </CardContent>
      </Card>
    </li>
  );
}

/**
 * People recommended for the user's open intent: skeleton, error with Retry, empty state, or
 * cards. They are not matches (those are under 'Your matches', with the places left): the empty
 * state says why nobody is recommended in the same terms as that card.
 */
export function Recommendations({ role, intentId }: { role: TutoringRole; intentId: number }) {
  const recs = useRecommendations(role, intentId);
  // The same answer as the 'Your matches' card: a full tutor is recommended nobody.
  const full = useMatches(role).data?.capacity?.remaining === 0;
  const headingId = `recommendations-${role}`;

  let body;
  if (recs.isPending) body = <RecommendationsSkeleton />;
  else if (recs.isError) {
    body = (
      <ErrorState
        message={t.fetchMatchesFailed}
        onRetry={() => void recs.refetch()}
        retrying={recs.isFetching}
      />
    );
  } else if (recs.data.results.length === 0) {
    body = (
      <EmptyState
        icon={Users}
        title={full ? t.noPlacesLeft : t.noRecommendations}
        description={full ? undefined : 'New intents for your course show up here.'}
        action={
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void recs.refetch()}
            loading={recs.isFetching}
            disabled={recs.isFetching}
          >
            Refresh
          </Button>
        }
      />
    );
  } else {
    const subject = recs.data.subject_intent_id ?? intentId;
    body = (
      <ul className="flex flex-col gap-3">
        {recs.data.results.map((rec) => (
          <RecommendationCard key={rec.candidate_intent_id} role={role} subjectIntentId={subject} rec={rec} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-base font-semibold text-fg">
        {t.recommendations}
      </h2>
      {body}
    </section>
  );
}
