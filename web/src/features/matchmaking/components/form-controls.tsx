import type { SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from '../../../lib/cn';

const controlClasses = cn(
  'w-full rounded-md border border-border-strong bg-surface px-3 text-sm text-fg',
  'placeholder:text-muted-fg transition-colors',
  'focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring',
  'disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-danger',
);

/** A native select styled like the Input. */
export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cn(controlClasses, 'h-10', className)} {...props} />;
}

/** A multi-line text field styled like the Input. */
export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea rows={3} className={cn(controlClasses, 'resize-y py-2', className)} {...props} />;
}
