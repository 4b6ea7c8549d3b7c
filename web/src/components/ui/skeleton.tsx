import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-surface-2', className)} {...props} />
  );
}

/** A loading list row: a round avatar beside a title line and a detail line. */
export function SkeletonRow({
  avatar,
  title,
  detail,
  className,
}: {
  avatar: string;
  title: string;
  detail: string;
  className?: string;
}) {
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <Skeleton className={cn('rounded-full', avatar)} />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className={title} />
        <Skeleton className={detail} />
      </div>
    </div>
  );
}
