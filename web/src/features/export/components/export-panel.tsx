import { useEffect, useRef } from 'react';
import { Download, FileArchive } from 'lucide-react';
import { toast } from 'sonner';
import { EXPORT_TEXTS, type DataExport } from '@studium/protocol';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useProductName } from '../../../config/product';
import { errorText } from '../../../lib/api-client';
import { useExport, useStartExport } from '../api/export';
import { formatSize } from '../lib/format-size';

const formatUntil = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** Settings › Export my data: one click prepares a zip, a progress bar, then the download (docs/export.md). */
export function ExportPanel() {
  const productName = useProductName();
  const query = useExport();
  const start = useStartExport();
  const current = query.data?.export ?? null;
  useToastWhenReady(current);

  if (query.isPending) return <Skeleton className="h-16 w-full" aria-label="Loading" role="status" />;
  if (query.isError) {
    return (
      <ErrorState
        message={EXPORT_TEXTS.loadFailed}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const onStart = () => {
    if (start.isPending) return;
    start.mutate(undefined, {
      onSuccess: () => toast.success(EXPORT_TEXTS.started),
      onError: (err) => toast.error(errorText(err, EXPORT_TEXTS.startFailed)),
    });
  };
  const startButton = (label: string, variant: 'primary' | 'secondary') => (
    <Button variant={variant} onClick={onStart} loading={start.isPending} disabled={start.isPending}>
      <FileArchive aria-hidden="true" className="size-4" />
      {label}
    </Button>
  );

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-fg">{EXPORT_TEXTS.description(productName)}</p>
      {current?.status === 'building' ? <ExportProgress progress={current.progress} /> : null}
      {current?.status === 'ready' && current.download_url ? (
        <div className="flex flex-col gap-3 rounded-md border border-border p-3">
          <div className="flex flex-col">
            <span className="text-sm font-medium text-fg">{EXPORT_TEXTS.ready}</span>
            {current.expires_at ? (
              <span className="text-xs text-muted-fg">
                {EXPORT_TEXTS.availableUntil(formatUntil(current.expires_at))}
                {current.size_bytes !== null ? ` · ${formatSize(current.size_bytes)}` : null}
              </span>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <a href={current.download_url} download className={buttonClasses('primary')}>
              <Download aria-hidden="true" className="size-4" />
              {EXPORT_TEXTS.download}
            </a>
            {startButton(EXPORT_TEXTS.again, 'secondary')}
          </div>
        </div>
      ) : null}
      {current?.status === 'expired' ? <p className="text-sm text-muted-fg">{EXPORT_TEXTS.expired}</p> : null}
      {current?.status === 'failed' ? (
        <p role="alert" className="text-sm text-danger-text">
          {EXPORT_TEXTS.failed}
        </p>
      ) : null}
      {current === null || current.status === 'expired' || current.status === 'failed' ? (
        <div>{startButton(EXPORT_TEXTS.start, 'primary')}</div>
      ) : null}
    </div>
  );
}

function ExportProgress({ progress }: { progress: number }) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between text-sm">
        <span className="text-fg">{EXPORT_TEXTS.preparing}</span>
        <span className="text-muted-fg tabular-nums">{progress}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={EXPORT_TEXTS.progressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-2 w-full overflow-hidden rounded-full bg-surface-2"
      >
        <div
          className="h-full rounded-full bg-accent transition-[width] duration-150 motion-reduce:transition-none"
          style={{ width: `${progress}%` }}
        />
      </div>
    </div>
  );
}

/** A toast when an export this screen watched being built becomes ready. */
function useToastWhenReady(current: DataExport | null) {
  const watched = useRef<number | null>(null);
  useEffect(() => {
    if (current?.status === 'building') watched.current = current.id;
    else if (current?.status === 'ready' && watched.current === current.id) {
      watched.current = null;
      toast.success(EXPORT_TEXTS.ready);
    }
  }, [current]);
}
