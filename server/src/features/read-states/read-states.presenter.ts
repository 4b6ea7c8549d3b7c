import type { MemberReadState, NotificationLevel, ReadState } from '@studium/protocol';
import type { Room } from '../../db/schema';
import { effectiveLevel } from './read-states.policy';
import type { ReadStateRow } from './read-states.repository';

/** The counts of one membership (both capped by the query). */
export const presentReadState = (row: Pick<ReadStateRow, 'unread' | 'mentions'>): ReadState => ({
  unread: Number(row.unread),
  mentions: Number(row.mentions),
});

/** The member's marker, counts and level, as the room detail sends them. */
export const presentMemberReadState = (room: Pick<Room, 'kind'>, row: ReadStateRow): MemberReadState => ({
  ...presentReadState(row),
  last_read_id: row.last_read_id ?? 0,
  notification_level: effectiveLevel(room, row.notification_level as NotificationLevel | null),
});
