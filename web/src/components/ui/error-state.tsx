import { AlertTriangle, RotateCw } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from './button';

interface ErrorStateProps {
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}

/** A failed load, with a Retry button when the caller can retry. */
export function ErrorState({ message, onRetry, retrying, className }: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border border-border bg-danger-soft px-6 py-10 text-center',
        className,
      )}
    >
      <AlertTriangle aria-hidden="true" className="size-6 text-danger-text" />
      <p className="text-sm font-medium text-fg">{message}</p>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying} disabled={retrying}>
          {retrying ? null : <RotateCw aria-hidden="true" className="size-4" />}
          Retry
        </Button>
      ) : null}
    </div>
  );
}
