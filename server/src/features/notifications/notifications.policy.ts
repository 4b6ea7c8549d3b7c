import type { NotificationKind, NotificationLevel } from '@studium/protocol';
import type { Room } from '../../db/schema';
import { canRead, type Actor, type Membership } from '../rooms/rooms.policy';
import { effectiveLevel, levelAllows } from '../read-states/read-states.policy';

type RoomRules = Pick<Room, 'kind' | 'is_public_readable' | 'is_write_gated' | 'owner_id'>;

/** Who a new message concerns; `members` are the room's members among them (all of a DM or group). */
export interface MessageAudience {
  room: RoomRules;
  authorId: number;
  mentionedIds: readonly number[];
  replyAuthorId: number | null;
  members: ReadonlySet<number>;
  /** Users banned from the room now (docs/moderation.md): they read nothing of it, so hear nothing. */
  banned?: ReadonlySet<number>;
  /** Members' chosen levels (docs/unread.md); a member missing here, or a non-member, has the room's default. */
  levels?: ReadonlyMap<number, NotificationLevel | null>;
}

/**
 * A moderator's action reaches the warned user and the reporters in the moderators' name, never
 * one person's (docs/moderation.md): those notifications name no actor, wherever they are read
 * (the list, the socket, a data export).
 */
const ACTED_AS_MODERATOR: ReadonlySet<NotificationKind> = new Set(['warning', 'report_handled']);
export const namesActor = (kind: NotificationKind): boolean => !ACTED_AS_MODERATOR.has(kind);

/** Whether the room's kind notifies every member of every message, and how. */
export const conversationKind = (room: Pick<Room, 'kind'>): NotificationKind | undefined =>
  room.kind === 'dm' ? 'dm' : room.kind === 'group' ? 'group_message' : undefined;

/**
 * Who is notified of a message, and why: never the author, only readers of the room, one
 * notification per user with mention winning over reply winning over dm/group/room message
 * (docs/notifications.md), and only what each user's level in the room lets through
 * (docs/unread.md): mute nothing, mentions only mentions and replies, all every message.
 */
export function chooseRecipients({
  room,
  authorId,
  mentionedIds,
  replyAuthorId,
  members,
  banned,
  levels,
}: MessageAudience): Map<number, NotificationKind> {
  const chosen = new Map<number, NotificationKind>();
  const offer = (userId: number, kind: NotificationKind) => {
    if (userId === authorId || chosen.has(userId)) return;
    const membership = banned?.has(userId)
      ? { role: 'banned' as const }
      : members.has(userId)
        ? { role: 'member' as const }
        : undefined;
    if (!canRead({ id: userId }, room, membership)) return;
    if (!levelAllows(effectiveLevel(room, levels?.get(userId)), kind)) return;
    chosen.set(userId, kind);
  };
  for (const id of mentionedIds) offer(id, 'mention');
  if (replyAuthorId !== null) offer(replyAuthorId, 'reply');
  const everyMessage = conversationKind(room) ?? 'room_message';
  for (const id of members) offer(id, everyMessage);
  return chosen;
}

/**
 * Whether a notification may show what it is about to its reader, now: one without a room always;
 * one of a room only while the reader may read that room (removed, banned, left or locked out, they
 * see a withheld notification, docs/notifications.md).
 */
export const canSeeNotification = (reader: Actor, room: RoomRules | null, m: Membership): boolean =>
  room === null || canRead(reader, room, m);
