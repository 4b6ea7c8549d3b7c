import type { ComponentProps } from 'react';
import { DropdownMenu as RadixMenu } from 'radix-ui';
import { Check } from 'lucide-react';
import { cn } from '../../lib/cn';

export const DropdownMenu = RadixMenu.Root;
export const DropdownMenuTrigger = RadixMenu.Trigger;
export const DropdownMenuGroup = RadixMenu.Group;

export function DropdownMenuContent({
  className,
  sideOffset = 8,
  ...props
}: ComponentProps<typeof RadixMenu.Content>) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 min-w-56 rounded-lg border border-border bg-surface p-1 text-fg shadow-pop',
          className,
        )}
        {...props}
      />
    </RadixMenu.Portal>
  );
}

const itemClasses =
  'relative flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm outline-none select-none transition-colors data-[highlighted]:bg-surface-2 data-[disabled]:pointer-events-none data-[disabled]:opacity-50';

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof RadixMenu.Item>) {
  return <RadixMenu.Item className={cn(itemClasses, className)} {...props} />;
}

export function DropdownMenuCheckboxItem({
  className,
  children,
  ...props
}: ComponentProps<typeof RadixMenu.CheckboxItem>) {
  return (
    <RadixMenu.CheckboxItem className={cn(itemClasses, 'pr-8', className)} {...props}>
      {children}
      <RadixMenu.ItemIndicator className="absolute right-2 inline-flex">
        <Check aria-hidden="true" className="size-4" />
      </RadixMenu.ItemIndicator>
    </RadixMenu.CheckboxItem>
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof RadixMenu.Label>) {
  return <RadixMenu.Label className={cn('px-2 py-1.5 text-sm font-semibold', className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof RadixMenu.Separator>) {
  return <RadixMenu.Separator className={cn('my-1 h-px bg-border', className)} {...props} />;
}
