import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

type Tone = 'neutral' | 'accent' | 'danger' | 'success';

const tones: Record<Tone, string> = {
  neutral: 'bg-surface-2 text-fg border border-border',
  accent: 'bg-accent-soft text-accent-text',
  danger: 'bg-danger text-white',
  success: 'bg-surface-2 text-success-text border border-border',
};

export function Badge({
  tone = 'neutral',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: Tone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
