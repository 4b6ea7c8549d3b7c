import { useState } from 'react';
import { toast } from 'sonner';
import { Pause, Pencil, Play, Trash2 } from 'lucide-react';
import { MATCHMAKING_TEXTS, type Intent, type TutoringRole } from '@studium/protocol';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { errorText } from '../../../lib/api-client';
import { useDeleteIntent } from '../api/delete-intent';
import { useSaveIntent } from '../api/save-intent';
import { MODALITY_LABELS, statusLabel } from '../lib/intent-form';

const t = MATCHMAKING_TEXTS;
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

interface IntentCardProps {
  role: TutoringRole;
  intent: Intent;
  editing: boolean;
  onEdit: () => void;
}

/** The user's current intent: course, status, modality, expiry; Pause/Resume, Edit, Delete. */
export function IntentCard({ role, intent, editing, onEdit }: IntentCardProps) {
  const save = useSaveIntent(role);
  const remove = useDeleteIntent(role);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const paused = intent.status === 'paused';
  const archived = intent.status === 'archived';

  const togglePause = async () => {
    if (save.isPending) return;
    try {
      await save.mutateAsync(paused ? { mode: 'resume' } : { mode: 'pause' });
      toast.success(paused ? t.intentResumed : t.intentPaused);
    } catch (err) {
      toast.error(errorText(err, t.saveFailed));
    }
  };

  const onDelete = async () => {
    if (remove.isPending) return;
    try {
      await remove.mutateAsync(intent.id);
      setConfirmOpen(false);
      toast.success(t.intentDeleted);
    } catch (err) {
      toast.error(t.deleteFailed, { description: errorText(err, '') || undefined });
    }
  };

  const details: [string, string][] = [
    ['Modality', MODALITY_LABELS[intent.modality] ?? intent.modality],
    ['Expires', formatDate(intent.expires_at)],
  ];
  if (intent.languages) details.push(['Languages', intent.languages]);
  if (intent.campus) details.push(['Campus', intent.campus]);
  if (intent.topic) details.push(['Topic', intent.topic]);
  if (role === 'tutor') details.push(['Capacity', String(intent.capacity)]);

  return (
    <Card aria-labelledby={`intent-title-${role}`} role="region">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id={`intent-title-${role}`}>Your intent: {intent.course_code}</CardTitle>
          <Badge tone={intent.status === 'open' ? 'accent' : 'neutral'} data-testid="intent-status">
            {statusLabel(intent.status)}
          </Badge>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {details.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-fg">{label}</dt>
              <dd className="min-w-0 break-words text-fg">{value}</dd>
            </div>
          ))}
        </dl>
        {intent.pitch ? <p className="text-sm whitespace-pre-line text-fg">{intent.pitch}</p> : null}
        <div className="flex flex-wrap gap-2">
          {archived ? null : (
            <>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void togglePause()}
                loading={save.isPending}
                disabled={save.isPending}
              >
                {save.isPending ? null : paused ? (
                  <Play aria-hidden="true" className="size-4" />
                ) : (
                  <Pause aria-hidden="true" className="size-4" />
                )}
                {paused ? 'Resume' : 'Pause'}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                onClick={onEdit}
                disabled={editing}
                aria-pressed={editing}
              >
                <Pencil aria-hidden="true" className="size-4" />
                Edit
              </Button>
            </>
          )}
          <ConfirmDialog
            open={confirmOpen}
            onOpenChange={setConfirmOpen}
            trigger={
              <Button variant="danger" size="sm">
                <Trash2 aria-hidden="true" className="size-4" />
                Delete
              </Button>
            }
            title="Delete intent"
            description={`Delete your ${intent.course_code} intent? Nobody will be matched with it any more.`}
            confirmLabel="Delete intent"
            pendingLabel="Deleting…"
            pending={remove.isPending}
            onConfirm={() => void onDelete()}
          />
        </div>
      </CardContent>
    </Card>
  );
}
