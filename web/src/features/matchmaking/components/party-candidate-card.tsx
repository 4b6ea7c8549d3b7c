import { useId, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Clock, UserRound, X } from 'lucide-react';
import { PARTY_SCORE_FIELDS, PARTY_TEXTS, topicLabel, type PartyCandidate } from '@studium/protocol';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { formatMessageTimestamp } from '../../../lib/time';
import { useAcceptParty } from '../api/accept-party';
import { MatchActions } from './match-actions';
import { useDeclineParty } from '../api/decline-party';
import { formatScore } from '../lib/intent-form';
import { formatWindow, memberLabel, SCORE_FIELD_LABELS } from '../lib/party-display';

const t = PARTY_TEXTS;

/** Who is in the other party, by display name (and username when they have one). */
function MemberList({ candidate }: { candidate: PartyCandidate }) {
  const members = candidate.members.length
    ? candidate.members.map(memberLabel)
    : candidate.member_usernames.map((u) => `@${u}`);
  return <p className="text-sm text-fg">{members.join(', ')}</p>;
}

function Header({ candidate, children }: { candidate: PartyCandidate; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div className="flex min-w-0 flex-col">
        <span className="truncate text-base font-semibold text-fg">{candidate.owner_username}’s party</span>
        <span className="text-sm text-muted-fg">
          {topicLabel(candidate.topic_key)} · {t.members(candidate.size, candidate.target_size)}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">{children}</div>
    </div>
  );
}

function OwnerProfileLink({ owner }: { owner: string }) {
  return (
    <Link to={paths.userProfile.href(owner)} className={buttonClasses('ghost', 'sm')}>
      <UserRound aria-hidden="true" className="size-4" />
      {t.viewOwnerProfile}
    </Link>
  );
}

/** Why this party was suggested: a bar per field, the weekly times both are free, and their pitch. */
function ScoreDetails({ id, candidate }: { id: string; candidate: PartyCandidate }) {
  const preview = candidate.pairing_preview_json;
  const rows = PARTY_SCORE_FIELDS.flatMap((field) => {
    const value = preview.field_scores[field];
    return typeof value === 'number' ? [{ field, value }] : [];
  });
  return (
    <div
      id={id}
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface-2 p-3"
      data-testid="match-details"
    >
      <dl className="flex flex-col gap-2 text-sm">
        {rows.map(({ field, value }) => (
          <div key={field} className="grid grid-cols-[7rem_1fr_3.5rem] items-center gap-2">
            <dt className="text-muted-fg">{SCORE_FIELD_LABELS[field]}</dt>
            <dd className="contents">
              <span aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-surface">
                <span
                  className="block h-full rounded-full bg-accent"
                  style={{ width: `${Math.round(value * 100)}%` }}
                />
              </span>
              <span className="text-right text-fg tabular-nums">{formatScore(value)}</span>
            </dd>
          </div>
        ))}
      </dl>
      <div className="text-sm">
        <p className="font-medium text-fg">Free at the same time</p>
        {preview.overlap_windows.length ? (
          <ul className="mt-1 flex flex-wrap gap-1.5">
            {preview.overlap_windows.map((w) => (
              <li key={`${w.day}-${w.start}`}>
                <Badge>{formatWindow(w)}</Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-fg">{t.noOverlap}</p>
        )}
      </div>
      {candidate.pitch ? <p className="text-sm whitespace-pre-line text-fg">{candidate.pitch}</p> : null}
    </div>
  );
}

/** A recommended party: score, members, Details; Accept or Decline. */
export function RecommendationCard({ partyId, candidate }: { partyId: number; candidate: PartyCandidate }) {
  const navigate = useNavigate();
  const accept = useAcceptParty(partyId);
  const decline = useDeclineParty(partyId);
  const [showDetails, setShowDetails] = useState(false);
  const detailsId = useId();
  const busy = accept.isPending || decline.isPending;

  const onAccept = async () => {
    if (busy) return;
    try {
      const result = await accept.mutateAsync(candidate);
      if (result.state === 'MATCHED' && result.room_id !== null) {
        toast.success(t.matchAccepted);
        void navigate(paths.chat.href(result.room_id));
      } else toast.success(t.acceptanceRecorded);
    } catch (err) {
      toast.error(errorText(err, t.acceptFailed));
    }
  };

  const onDecline = async () => {
    if (busy) return;
    try {
      await decline.mutateAsync(candidate.candidate_party_id);
      toast.success(t.declined);
    } catch (err) {
      toast.error(errorText(err, t.declineFailed));
    }
  };

  return (
    <li>
      <Card
        role="article"
        aria-label={`${candidate.owner_username}’s party`}
        data-testid="party-recommendation"
      >
        <CardContent className="flex flex-col gap-3">
          <Header candidate={candidate}>
            {candidate.accepted_by_other ? <Badge tone="success">{t.theyAcceptedYou}</Badge> : null}
            <Badge tone="accent" data-testid="match-score">
              Match {formatScore(candidate.score)}
            </Badge>
          </Header>
          <MemberList candidate={candidate} />
          {showDetails ? <ScoreDetails id={detailsId} candidate={candidate} /> : null}
          <MatchActions
            onAccept={() => void onAccept()}
            onDecline={() => void onDecline()}
            accepting={accept.isPending}
            declining={decline.isPending}
            showDetails={showDetails}
            detailsId={detailsId}
            onToggleDetails={() => setShowDetails((v) => !v)}
            detailsLabel={t.details}
          >
            <OwnerProfileLink owner={candidate.owner_username} />
          </MatchActions>
        </CardContent>
      </Card>
    </li>
  );
}

/** An offer this party accepted, waiting for the other owner; it can be taken back. */
export function PendingCard({ partyId, offer }: { partyId: number; offer: PartyCandidate }) {
  const cancel = useDeclineParty(partyId);

  const onCancel = async () => {
    if (cancel.isPending) return;
    try {
      await cancel.mutateAsync(offer.candidate_party_id);
      toast.success(t.acceptanceCancelled);
    } catch (err) {
      toast.error(errorText(err, t.cancelFailed));
    }
  };

  return (
    <li>
      <Card role="article" aria-label={`${offer.owner_username}’s party`} data-testid="party-pending">
        <CardContent className="flex flex-col gap-3">
          <Header candidate={offer}>
            <Badge tone="neutral">
              <Clock aria-hidden="true" className="mr-1 size-3" />
              {t.awaitingConfirmation}
            </Badge>
          </Header>
          <MemberList candidate={offer} />
          {offer.accepted_at ? (
            <p className="text-sm text-muted-fg">
              Accepted <time dateTime={offer.accepted_at}>{formatMessageTimestamp(offer.accepted_at)}</time>
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void onCancel()}
              loading={cancel.isPending}
              disabled={cancel.isPending}
            >
              {cancel.isPending ? null : <X aria-hidden="true" className="size-4" />}
              {t.cancelAcceptance}
            </Button>
            <OwnerProfileLink owner={offer.owner_username} />
          </div>
        </CardContent>
      </Card>
    </li>
  );
}
