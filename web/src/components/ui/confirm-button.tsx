import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { ConfirmDialog } from './dialog';

interface ConfirmButtonProps {
  /** The button's own content (icon and label). */
  children: ReactNode;
  variant?: 'secondary' | 'danger';
  disabled?: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
}

/**
 * A button whose action waits for a confirmation (Cancel, or the action): for actions that are
 * hard to take back. Keyboard: the dialog traps focus, Escape cancels.
 */
export function ConfirmButton({
  children,
  variant = 'danger',
  disabled,
  title,
  description,
  confirmLabel,
  onConfirm,
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant={variant} size="sm" disabled={disabled}>
          {children}
        </Button>
      }
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      pendingLabel={confirmLabel}
      pending={false}
      onConfirm={() => {
        setOpen(false);
        onConfirm();
      }}
    />
  );
}
