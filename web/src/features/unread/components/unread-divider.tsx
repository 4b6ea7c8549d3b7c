import { UNREAD_TEXTS } from '@studium/protocol';

/** The line above the first message that was unread when the room opened. */
export function UnreadDivider() {
  return (
    <div role="separator" aria-label={UNREAD_TEXTS.divider} className="flex items-center gap-3 px-4 py-2">
      <span aria-hidden="true" className="h-px flex-1 bg-danger" />
      <span className="text-xs font-semibold text-danger-text">{UNREAD_TEXTS.divider}</span>
      <span aria-hidden="true" className="h-px flex-1 bg-danger" />
    </div>
  );
}
