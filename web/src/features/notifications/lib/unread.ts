import type { NotificationSocketMessage, UnreadMap } from '../types';

export interface UnreadState {
  /** The navbar badge's number. */
  count: number;
  /** Unread notifications per room id. */
  byRoom: UnreadMap;
}

export const EMPTY_UNREAD: UnreadState = { count: 0, byRoom: {} };

function isUnreadMap(value: unknown): value is UnreadMap {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Sum of an unread map's counts (non-numbers and negatives count as 0). */
export function sumUnread(map: UnreadMap): number {
  let total = 0;
  for (const n of Object.values(map)) if (typeof n === 'number' && Number.isFinite(n) && n > 0) total += n;
  return total;
}

/**
 * The count rule of spec §4: the unread count is set from `unread_count`, else from the sum of the
 * `unread` map, else a creation without data adds one.
 */
export function applyUnreadFrame(state: UnreadState, frame: Partial<NotificationSocketMessage> & { type?: string }): UnreadState {
  const unread = 'unread' in frame && isUnreadMap(frame.unread) ? frame.unread : null;
  const given = 'unread_count' in frame ? frame.unread_count : undefined;
  let byRoom = unread ?? state.byRoom;
  let count: number;
  if (typeof given === 'number' && Number.isFinite(given)) count = Math.max(0, given);
  else if (unread) count = sumUnread(unread);
  else if (frame.type === 'notification.created') {
    count = state.count + 1;
    const room = 'notification' in frame ? frame.notification?.room : null;
    if (typeof room === 'number') byRoom = { ...state.byRoom, [room]: (state.byRoom[room] ?? 0) + 1 };
  } else count = state.count;
  if (count === state.count && byRoom === state.byRoom) return state;
  return { count, byRoom };
}
