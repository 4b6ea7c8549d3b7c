import { Check, UserPlus, X } from 'lucide-react';
import { toast } from 'sonner';
import { INVITATION_TEXTS, type Party, type PartyInvitation } from '@studium/protocol';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { errorText } from '../../../lib/api-client';
import { formatMessageTimestamp } from '../../../lib/time';
import { useAnswerPartyInvitation, type InvitationAnswer } from '../api/answer-party-invitation';
import { usePartyInvitations } from '../api/get-party-invitations';

const t = INVITATION_TEXTS;

function InvitationRow({ invitation }: { invitation: PartyInvitation }) {
  const answer = useAnswerPartyInvitation();
  const pendingAnswer = answer.isPending ? answer.variables.answer : null;

  const onAnswer = async (choice: InvitationAnswer) => {
    if (answer.isPending) return;
    try {
      await answer.mutateAsync({ partyId: invitation.party_id, answer: choice });
      toast.success(choice === 'accept' ? t.accepted : t.declinedToast);
    } catch (err) {
      toast.error(errorText(err, choice === 'accept' ? t.acceptFailed : t.declineFailed));
    }
  };

  return (
    <li
      data-testid="party-invitation"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-border bg-surface px-4 py-3 text-sm"
    >
      <UserPlus aria-hidden="true" className="size-4 text-accent-text" />
      <span className="min-w-0 flex-1 break-words text-fg">
        {t.invited(invitation.owner_username, invitation.topic_key)}
      </span>
      {invitation.invited_at ? (
        <time dateTime={invitation.invited_at} className="text-muted-fg">
          {formatMessageTimestamp(invitation.invited_at)}
        </time>
      ) : null}
      <div className="flex gap-2">
        {invitation.can_accept ? (
          <Button
            size="sm"
            onClick={() => void onAnswer('accept')}
            loading={pendingAnswer === 'accept'}
            disabled={answer.isPending}
          >
            {pendingAnswer === 'accept' ? null : <Check aria-hidden="true" className="size-4" />}
            {t.accept}
          </Button>
        ) : null}
        {invitation.can_decline ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void onAnswer('decline')}
            loading={pendingAnswer === 'decline'}
            disabled={answer.isPending}
          >
            {pendingAnswer === 'decline' ? null : <X aria-hidden="true" className="size-4" />}
            {t.decline}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** Parties that listed the user as a teammate: each waits for Accept or Decline. Nothing when there are none. */
export function PartyInvitations() {
  const query = usePartyInvitations();
  if (query.isPending) return null;
  if (query.isError) {
    return (
      <ErrorState message={t.loadFailed} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  if (query.data.invitations.length === 0) return null;
  return (
    <section aria-labelledby="party-invitations" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="party-invitations" className="text-base font-semibold text-fg">
          {t.heading}
        </h2>
        <p className="text-sm text-muted-fg">{t.hint}</p>
      </div>
      <ul className="flex flex-col gap-2">
        {query.data.invitations.map((invitation) => (
          <InvitationRow key={invitation.party_id} invitation={invitation} />
        ))}
      </ul>
    </section>
  );
}

/** On the owner's card: a listed teammate who has not confirmed is marked, as the server reports it. */
export function TeammateStanding({ party, username }: { party: Party; username: string | null }) {
  const status = party.teammates.find((m) => m.username === username)?.status;
  if (status !== 'pending' && status !== 'declined') return null;
  return (
    <Badge tone="neutral" data-testid="teammate-standing">
      {t.standing[status]}
    </Badge>
  );
}
