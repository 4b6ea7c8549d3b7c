import { useState } from 'react';
import { Link } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import {
  BAN_DURATIONS,
  MODERATION_LIMITS,
  MODERATION_TEXTS as t,
  type BanDuration,
  type ModerationActionBody,
  type ModerationLogEntry,
  type ModerationReport,
} from '@studium/protocol';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Input, Select } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatRelativeTime } from '../../../lib/time';
import { useReportAction } from '../api/act-on-report';
import { useModerationLog } from '../api/get-moderation-log';
import { useModerationQueue } from '../api/get-moderation-queue';
import { plainTextPreview } from '../../../lib/plain-text';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { BansList } from './bans-list';

/** The reported message among those around it; deleted ones read as deleted. */
function MessageContext({ report }: { report: ModerationReport }) {
  if (report.context.length === 0) return null;
  return (
    <ol aria-label="Message in context" className="flex flex-col gap-1 rounded-md bg-surface-2 p-2 text-sm">
      {report.context.map((m) => (
        <li
          key={m.id}
          data-reported={m.is_reported || undefined}
          className={cn(
            'rounded px-2 py-1',
            m.is_reported && 'border-l-2 border-danger bg-surface font-medium',
          )}
        >
          <span className="font-semibold">{m.username || '—'}</span>{' '}
          {m.deleted_at ? (
            <em className="text-muted-fg">Message deleted</em>
          ) : (
            <span>{plainTextPreview(m.message)}</span>
          )}
        </li>
      ))}
    </ol>
  );
}

/** One open report with the actions the server allows for it; one action at a time. */
function ReportCard({ report }: { report: ModerationReport }) {
  const action = useReportAction();
  const [duration, setDuration] = useState<BanDuration>('1d');
  const [banReason, setBanReason] = useState('');
  const act = (body: ModerationActionBody) => {
    if (action.isPending) return;
    action.mutate(
      { id: report.id, body },
      {
        onSuccess: () => toast.success(t.done),
        onError: (err) => toast.error(errorText(err, t.actionFailed)),
      },
    );
  };
  return (
    <li data-testid="moderation-report" data-report-id={report.id}>
      <Card className="flex flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge tone="danger">{t.reasons[report.reason]}</Badge>
          <span className="font-medium text-fg">
            {report.kind === 'user' ? t.aboutUser(report.target_username) : `@${report.target_username}`}
          </span>
          {report.room ? (
            <Link to={paths.chat.href(report.room.id)} className="text-accent-text hover:underline">
              {report.room.name}
            </Link>
          ) : null}
          <span className="ml-auto text-xs text-muted-fg">
            {t.reportedBy(report.reporter)} · {formatRelativeTime(report.created_at)}
          </span>
        </div>
        {report.details ? <p className="text-sm text-muted-fg">“{report.details}”</p> : null}
        <Link
          to={paths.userProfile.href(report.target_username)}
          className="self-start text-sm text-accent-text hover:underline"
        >
          {t.viewProfile(report.target_username)}
        </Link>
        <MessageContext report={report} />
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={action.isPending}
            onClick={() => act({ action: 'dismiss' })}
          >
            {t.dismiss}
          </Button>
          {report.can_delete_message ? (
            <ConfirmButton
              disabled={action.isPending}
              title={`${t.deleteMessage}?`}
              description={t.deleteMessageConfirm}
              confirmLabel={t.deleteMessage}
              onConfirm={() => act({ action: 'delete_message' })}
            >
              {t.deleteMessage}
            </ConfirmButton>
          ) : null}
          {report.can_remove_user ? (
            <Button
              variant="secondary"
              size="sm"
              disabled={action.isPending}
              onClick={() => act({ action: 'remove_user' })}
            >
              {t.removeUser}
            </Button>
          ) : null}
          {report.can_warn ? (
            <ConfirmButton
              variant="secondary"
              disabled={action.isPending}
              title={t.warnConfirmTitle(report.target_username)}
              description={t.warnConfirm}
              confirmLabel={t.warn}
              onConfirm={() => act({ action: 'warn' })}
            >
              {t.warn}
            </ConfirmButton>
          ) : null}
          {report.can_ban ? (
            <span className="flex items-center gap-2">
              <Select
                aria-label={t.banFor}
                value={duration}
                onChange={(event) => setDuration(event.target.value as BanDuration)}
                className="h-8 w-auto"
              >
                {BAN_DURATIONS.map((d) => (
                  <option key={d} value={d}>
                    {t.banDurations[d]}
                  </option>
                ))}
              </Select>
              <Input
                aria-label={t.banReasonLabel}
                placeholder={t.banReasonLabel}
                value={banReason}
                maxLength={MODERATION_LIMITS.banReasonMax}
                onChange={(event) => setBanReason(event.target.value)}
                className="h-8 w-56"
              />
              <ConfirmButton
                disabled={action.isPending}
                title={`${t.ban} @${report.target_username}?`}
                description={t.banConfirm(t.banDurations[duration])}
                confirmLabel={t.ban}
                onConfirm={() => act({ action: 'ban', duration, reason: banReason.trim() })}
              >
                {t.ban}
              </ConfirmButton>
            </span>
          ) : null}
        </div>
      </Card>
    </li>
  );
}

function Queue() {
  const query = useModerationQueue();
  if (query.isPending) return <Skeleton className="h-32 w-full" role="status" aria-label="Loading" />;
  if (query.isError)
    return (
      <ErrorState message={t.loadFailed} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  if (query.data.reports.length === 0) return <EmptyState icon={ShieldCheck} title={t.emptyQueue} />;
  return (
    <ul aria-label={t.queue} className="flex flex-col gap-3">
      {query.data.reports.map((report) => (
        <ReportCard key={report.id} report={report} />
      ))}
    </ul>
  );
}

function LogLine({ entry }: { entry: ModerationLogEntry }) {
  return (
    <li data-testid="moderation-log-entry" className="px-4 py-2 text-sm">
      <span className="font-semibold">{entry.actor}</span> {t.actions[entry.action]}
      {entry.target_username ? ` (@${entry.target_username})` : ''}
      {entry.room ? ` in ${entry.room.name}` : ''}
      {entry.action === 'ban'
        ? ` — ${entry.ban_ends_at ? `until ${new Date(entry.ban_ends_at).toLocaleString()}` : t.banDurations.permanent.toLowerCase()}`
        : ''}
      <span className="ml-2 text-xs text-muted-fg">{formatRelativeTime(entry.created_at)}</span>
    </li>
  );
}

function Log() {
  const query = useModerationLog();
  if (query.isPending) return <Skeleton className="h-24 w-full" role="status" aria-label="Loading" />;
  if (query.isError)
    return (
      <ErrorState message={t.loadFailed} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  if (query.data.entries.length === 0) return <p className="text-sm text-muted-fg">{t.emptyLog}</p>;
  return (
    <Card className="overflow-hidden">
      <ul aria-label={t.log} className="divide-y divide-border">
        {query.data.entries.map((entry) => (
          <LogLine key={entry.id} entry={entry} />
        ))}
      </ul>
    </Card>
  );
}

/** The moderation screen: open reports first, then the bans in force, then the log of what was done. */
export function ModerationPage() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader title={t.title} description="Reports about the rooms you moderate." />
      <section aria-labelledby="moderation-queue" className="flex flex-col gap-3">
        <h2 id="moderation-queue" className="text-lg font-semibold text-fg">
          {t.queue}
        </h2>
        <Queue />
      </section>
      <section aria-labelledby="moderation-bans" className="flex flex-col gap-3">
        <h2 id="moderation-bans" className="text-lg font-semibold text-fg">
          {t.bans}
        </h2>
        <BansList />
      </section>
      <section aria-labelledby="moderation-log" className="flex flex-col gap-3">
        <h2 id="moderation-log" className="text-lg font-semibold text-fg">
          {t.log}
        </h2>
        <Log />
      </section>
    </div>
  );
}
