import { PRESENCE_TEXTS } from '@studium/protocol';
import { cn } from '../../../lib/cn';

/** A green dot named 'Online' while the user is online; nothing otherwise. */
export function OnlineDot({ online, className }: { online: boolean | undefined; className?: string }) {
  if (!online) return null;
  return (
    <span
      role="img"
      aria-label={PRESENCE_TEXTS.online}
      title={PRESENCE_TEXTS.online}
      className={cn(
        'inline-block size-2.5 shrink-0 rounded-full bg-success-text ring-2 ring-surface',
        className,
      )}
    />
  );
}
