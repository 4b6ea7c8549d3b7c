import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/cn';

interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Accessible label; `null` when the spinner only decorates a labelled control. */
  label?: string | null;
  className?: string;
}

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-8' };

export function Spinner({ size = 'md', label = 'Loading', className }: SpinnerProps) {
  const icon = (
    <Loader2 aria-hidden="true" className={cn('animate-spin text-muted-fg', sizes[size], className)} />
  );
  if (label === null) return icon;
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Full-area centred spinner, used while the session or a lazy page loads. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner size="lg" label={label} />
    </div>
  );
}
