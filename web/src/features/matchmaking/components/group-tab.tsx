import { useState } from 'react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { PARTY_TEXTS } from '@studium/protocol';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { partyKeys, useActiveParty } from '../api/get-active-party';
import { draftFromParty, emptyPartyDraft } from '../lib/party-wizard';
import { PartyCard } from './party-card';
import { PartyInvitations } from './party-invitations';
import { PartyOffers, YourMatches } from './party-offers';
import { PartyWizard } from './party-wizard';

const t = PARTY_TEXTS;
const EDITOR_ID = 'party-editor';

function PartySkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading your party"
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-5"
    >
      <div className="flex items-center gap-2">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-5 w-14 rounded-full" />
      </div>
      <Skeleton className="h-3.5 w-1/3" />
      <Skeleton className="h-3.5 w-1/2" />
      <div className="flex gap-2">
        <Skeleton className="h-8 w-24" />
        <Skeleton className="h-8 w-20" />
      </div>
    </div>
  );
}

/**
 * The Group tab: no party yet → the wizard; otherwise the party the user is in (their own, or one
 * that names them as a teammate), its editor and offers for its owner, and its matches.
 */
export function GroupTab() {
  const query = useActiveParty();
  const queryClient = useQueryClient();
  const [editorOpen, setEditorOpen] = useState(false);
  const fetchingOffers = useIsFetching({ queryKey: [...partyKeys.all, 'candidates'] }) > 0;

  if (query.isPending) return <PartySkeleton />;
  if (query.isError) {
    return (
      <ErrorState message={t.loadFailed} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  const { current_user: me, party } = query.data;

  if (!party) {
    return (
      <div className="flex flex-col gap-6">
        <PartyInvitations />
        <Card>
          <CardHeader>
            <CardTitle>Start a study party</CardTitle>
            <p className="text-sm text-muted-fg">{t.noParty}</p>
          </CardHeader>
          <CardContent>
            <PartyWizard key="create" currentUser={me} initial={emptyPartyDraft(me)} />
          </CardContent>
        </Card>
      </div>
    );
  }

  const editable = party.status === 'open' || party.status === 'paused';
  const refreshing = query.isFetching || fetchingOffers;
  const onRefresh = () => {
    void query.refetch();
    void queryClient.invalidateQueries({ queryKey: partyKeys.candidates(party.id) });
  };

  return (
    <div className="flex flex-col gap-6">
      <PartyInvitations />
      <PartyCard
        party={party}
        editorOpen={editorOpen}
        editorId={EDITOR_ID}
        onToggleEditor={() => setEditorOpen((open) => !open)}
        onRefresh={onRefresh}
        refreshing={refreshing}
      />
      {editorOpen ? (
        <Card id={EDITOR_ID}>
          <CardHeader>
            <CardTitle>{editable ? t.editIntent : 'Party intent'}</CardTitle>
          </CardHeader>
          <CardContent>
            <PartyWizard
              key={`${party.id}-${party.updated_at}`}
              currentUser={me}
              initial={draftFromParty(party)}
              readOnly={!editable}
              onSaved={() => setEditorOpen(false)}
            />
          </CardContent>
        </Card>
      ) : null}
      {party.can_manage ? (
        <PartyOffers partyId={party.id} matches={party.matches} />
      ) : (
        <>
          <p className="text-sm text-muted-fg">{t.ownerDecides(party.owner_username)}</p>
          <YourMatches matches={party.matches} />
        </>
      )}
    </div>
  );
}
