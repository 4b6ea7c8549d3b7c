import type { ReadState } from '@studium/protocol';
import { formatBadge } from '../../../lib/format-badge';
import { mentionLabel, unreadLabel } from '../lib/unread-labels';

/** Red count badges of a room the viewer belongs to: unread messages, and '@' mentions among them. */
export function UnreadBadges({ state }: { state: ReadState | undefined }) {
  if (!state || (state.unread === 0 && state.mentions === 0)) return null;
  return (
    <span className="inline-flex shrink-0 items-center gap-1">
      {state.unread > 0 ? (
        <span
          role="img"
          aria-label={unreadLabel(state.unread)}
          title={unreadLabel(state.unread)}
          data-testid="room-unread"
          className="inline-flex min-w-5 items-center justify-center rounded-full bg-danger px-1.5 py-0.5 text-xs font-semibold text-white"
        >
          {formatBadge(state.unread)}
        </span>
      ) : null}
      {state.mentions > 0 ? (
        <span
          role="img"
          aria-label={mentionLabel(state.mentions)}
          title={mentionLabel(state.mentions)}
          data-testid="room-mentions"
          className="inline-flex items-center justify-center rounded-full bg-danger px-1.5 py-0.5 text-xs font-semibold text-white"
        >
          @{formatBadge(state.mentions)}
        </span>
      ) : null}
    </span>
  );
}
