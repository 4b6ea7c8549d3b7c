import { useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import {
  MODERATION_LIMITS,
  MODERATION_TEXTS as t,
  REPORT_REASONS,
  type CreateReportBody,
  type ReportReason,
} from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { Select, Textarea } from '../../../components/ui/input';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { errorText } from '../../../lib/api-client';
import { useCreateReport } from '../api/create-report';

/** What is reported: a message, or a user. */
export type ReportTarget = { message_id: number } | { username: string };

/** A report behind a dialog: a reason from the list and optional words; one send at a time. */
export function ReportDialog({ target, trigger }: { target: ReportTarget; trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>('spam');
  const [details, setDetails] = useState('');
  const report = useCreateReport();
  const reasonId = useId();
  const detailsId = useId();

  const send = () => {
    if (report.isPending) return;
    const body: CreateReportBody = { ...target, reason, ...(details.trim() ? { details } : {}) };
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
      <DialogContent title={'message_id' in target ? t.reportMessageTitle : t.reportUserTitle}>
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
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
              maxLength={MODERATION_LIMITS.detailsMax}
              value={details}
              onChange={(event) => setDetails(event.target.value)}
            />
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
