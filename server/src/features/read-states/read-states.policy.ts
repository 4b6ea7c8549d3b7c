import type { NotificationKind, NotificationLevel } from '@studium/protocol';
import type { Room } from '../../db/schema';

/** DMs and groups notify every message by default; tree and assistant rooms only mentions and replies. */
export const defaultLevel = (room: Pick<Room, 'kind'>): NotificationLevel =>
  room.kind === 'dm' || room.kind === 'group' ? 'all' : 'mentions';

/** The member's chosen level, else the room kind's default. */
export const effectiveLevel = (room: Pick<Room, 'kind'>, chosen: NotificationLevel | null | undefined) =>
  chosen ?? defaultLevel(room);

/** Mentions and replies notify at 'all' and 'mentions'; anything else (a plain message) only at 'all'. */
export const levelAllows = (level: NotificationLevel, kind: NotificationKind): boolean =>
  level === 'all' || (level === 'mentions' && (kind === 'mention' || kind === 'reply'));
