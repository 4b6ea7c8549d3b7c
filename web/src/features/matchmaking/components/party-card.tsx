import { useState } from 'react';
import { toast } from 'sonner';
import { Eye, EyeOff, Pencil, RotateCw, Trash2 } from 'lucide-react';
import { PARTY_TEXTS, topicLabel, type Party } from '@studium/protocol';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { errorText } from '../../../lib/api-client';
import { useDeleteParty } from '../api/delete-party';
import { memberLabel, partyStatusLabel } from '../lib/party-display';
import { TeammateStanding } from './party-invitations';

const t = PARTY_TEXTS;

interface PartyCardProps {
  party: Party;
  /** Whether the wizard is shown below the card. */
  editorOpen: boolean;
  editorId: string;
  onToggleEditor: () => void;
  onRefresh: () => void;
  refreshing: boolean;
}

/** The caller's party: topic, status, size, owner, members and pitch; its owner edits or deletes it. */
export function PartyCard({
  party,
  editorOpen,
  editorId,
  onToggleEditor,
  onRefresh,
  refreshing,
}: PartyCardProps) {
  const remove = useDeleteParty();
  const [confirmOpen, setConfirmOpen] = useState(false);
  // A matched party is kept for the record: its intent can be read, not changed.
  const editable = party.status === 'open' || party.status === 'paused';
  const toggleLabel = editorOpen ? t.hideIntent : editable ? t.editIntent : t.seeIntent;
  const ToggleIcon = editorOpen ? EyeOff : editable ? Pencil : Eye;

  const onDelete = async () => {
    if (remove.isPending) return;
    try {
      await remove.mutateAsync(party.id);
      setConfirmOpen(false);
      toast.success(t.deleted);
    } catch (err) {
      toast.error(errorText(err, t.deleteFailed));
    }
  };

  const facts: [string, string][] = [
    ['Topic', topicLabel(party.topic_key)],
    ['Status', partyStatusLabel(party.status)],
    ['Target size', String(party.target_size)],
    ['Owner', party.owner_username],
  ];

  return (
    <Card role="region" aria-labelledby="party-title">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id="party-title">{t.activeParty}</CardTitle>
          <Badge tone={party.status === 'open' ? 'accent' : 'neutral'} data-testid="party-status">
            {partyStatusLabel(party.status)}
          </Badge>
        </div>
        <p className="text-sm text-muted-fg" data-testid="party-size">
          {topicLabel(party.topic_key)} · {t.members(party.size, party.target_size)}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-fg">{label}</dt>
              <dd className="min-w-0 break-words text-fg">{value}</dd>
            </div>
          ))}
        </dl>
        <ul aria-label="Party members" className="flex flex-col gap-1.5 text-sm">
          {party.members.map((m, i) => (
            <li key={`${m.username ?? ''}-${i}`} className="flex flex-wrap items-center gap-2">
              <span className="text-fg">{memberLabel(m)}</span>
              <Badge tone={m.is_owner ? 'accent' : 'neutral'}>{m.is_owner ? t.owner : t.member}</Badge>
              <TeammateStanding party={party} username={m.username} />
            </li>
          ))}
        </ul>
        {party.intent.payload.pitch ? (
          <p className="text-sm whitespace-pre-line text-fg">{party.intent.payload.pitch}</p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {party.can_manage ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={onToggleEditor}
              aria-expanded={editorOpen}
              aria-controls={editorOpen ? editorId : undefined}
            >
              <ToggleIcon aria-hidden="true" className="size-4" />
              {toggleLabel}
            </Button>
          ) : null}
          <Button
            variant="secondary"
            size="sm"
            onClick={onRefresh}
            loading={refreshing}
            disabled={refreshing}
          >
            {refreshing ? null : <RotateCw aria-hidden="true" className="size-4" />}
            {t.refresh}
          </Button>
          {party.can_manage ? (
            <ConfirmDialog
              open={confirmOpen}
              onOpenChange={setConfirmOpen}
              trigger={
                <Button variant="danger" size="sm">
                  <Trash2 aria-hidden="true" className="size-4" />
                  {t.deleteIntent}
                </Button>
              }
              title={t.deleteIntent}
              description={`Delete your ${topicLabel(party.topic_key)} party? Other groups will no longer be matched with it.`}
              confirmLabel={t.deleteIntent}
              pendingLabel="Deleting…"
              pending={remove.isPending}
              onConfirm={() => void onDelete()}
            />
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
