import { useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import {
  MODERATION_LIMITS,
  MODERATION_TEXTS as t,
  REPORT_REASONS,
  type ChatMessage,
  type CreateReportBody,
  type ReportReason,
} from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { Select, Textarea } from '../../../components/ui/input';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { errorText } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { plainTextPreview } from '../../../lib/plain-text';
import { useCreateReport } from '../api/create-report';

/** What is reported: a message (shown in the dialog, so the reporter sees what they report), or a user. */
export type ReportTarget =
  { message: Pick<ChatMessage, 'id' | 'username' | 'message' | 'attachments'> } | { username: string };

/** The reported message as plain text under its author: a few lines at most. */
function ReportedMessage({ message }: { message: Extract<ReportTarget, { message: unknown }>['message'] }) {
  const text = plainTextPreview(message.message);
  const files = (message.attachments ?? []).map((a) => a.name).join(', ');
  return (
    <figure aria-label={t.reportedMessage} className="rounded-md border border-border bg-surface-2 px-3 py-2">
      <figcaption className="text-xs font-semibold text-muted-fg">
        {t.reportedAuthor(message.username)}
      </figcaption>
      <p className="mt-1 line-clamp-4 text-sm break-words text-fg">
        {text || (files ? t.attachmentsOnly(files) : '')}
      </p>
    </figure>
  );
}

/** A report behind a dialog: a reason from the list and optional words; one send at a time. */
export function ReportDialog({
  target,
  trigger,
  defaultOpen = false,
}: {
  target: ReportTarget;
  trigger: ReactNode;
  /** Open at once (a trigger that loaded the dialog on its first press). */
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const [reason, setReason] = useState<ReportReason>('spam');
  const [details, setDetails] = useState('');
  const report = useCreateReport();
  const reasonId = useId();
  const detailsId = useId();
  const counterId = useId();
  const max = MODERATION_LIMITS.detailsMax;

  const send = () => {
    if (report.isPending) return;
    const about = 'message' in target ? { message_id: target.message.id } : { username: target.username };
    const body: CreateReportBody = { ...about, reason, ...(details.trim() ? { details } : {}) };
    report.mutate(body, {
      onSuccess: () => {
        toast.success(t.sent);
        setOpen(false);
        setDetails('');
      },
      onError: (err) => toast.error(errorText(err, t.sendFailed)),
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !report.isPending && setOpen(next)}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title={'message' in target ? t.reportMessageTitle : t.reportUserTitle}>
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          {'message' in target ? <ReportedMessage message={target.message} /> : null}
          <div className="flex flex-col gap-1">
            <label htmlFor={reasonId} className="text-sm font-medium text-fg">
              {t.reasonLabel}
            </label>
            <Select
              id={reasonId}
              value={reason}
              onChange={(event) => setReason(event.target.value as ReportReason)}
            >
              {REPORT_REASONS.map((r) => (
                <option key={r} value={r}>
                  {t.reasons[r]}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={detailsId} className="text-sm font-medium text-fg">
              {t.detailsLabel}
            </label>
            <Textarea
              id={detailsId}
              rows={3}
              maxLength={max}
              aria-describedby={counterId}
              value={details}
              onChange={(event) => setDetails(event.target.value)}
            />
            <p
              id={counterId}
              data-testid="report-details-counter"
              className={cn(
                'self-end text-xs tabular-nums',
                details.length >= max ? 'text-danger-text' : 'text-muted-fg',
              )}
            >
              <span aria-hidden="true">
                {details.length}/{max}
              </span>
              <span className="sr-only">{t.charactersUsed(details.length, max)}</span>
            </p>
          </div>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="secondary" disabled={report.isPending}>
                {t.cancel}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={report.isPending} loading={report.isPending}>
              {t.send}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
