import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { NotificationServerFrame } from '@studium/protocol';
import { partyKeys } from './get-active-party';
import { matchmakingKeys } from '../../../lib/query-keys';

/** The matchmaking lists a frame of the notification socket makes stale, if any (docs/matchmaking.md). */
function staleListsAfter(frame: NotificationServerFrame): QueryKey | null {
  switch (frame.type) {
    // An offer received, a tutoring match, a group matched (its teammates are told too).
    case 'notification.created':
      return frame.notification.kind === 'match' ? matchmakingKeys.all : null;
    // An offer of the user's party accepted, withdrawn, declined or matched, by either side.
    case 'party.offer':
      return partyKeys.all;
    default:
      return null;
  }
}

/**
 * Keeps the matchmaking lists true to the server whether or not the page is open: the lists a
 * frame concerns are invalidated, so those on screen are fetched again at once, and those off
 * screen as soon as they show again (never from the answer they had before).
 */
export function applyMatchmakingFrame(client: QueryClient, frame: NotificationServerFrame): void {
  const stale = staleListsAfter(frame);
  if (stale) void client.invalidateQueries({ queryKey: stale });
}
