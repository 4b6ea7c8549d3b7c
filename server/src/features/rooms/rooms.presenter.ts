import type { RoomDetail, RoomKind, RoomMember } from '@studium/protocol';
import { fromDbBool } from '../../db/dialect';
import type { Room } from '../../db/schema';
import * as policy from './rooms.policy';

interface MemberRow {
  user_id: number;
  username: string;
  role: 'owner' | 'member';
}

export function presentMember(viewer: policy.Actor, row: MemberRow): RoomMember {
  // No display names exist yet: the username stands in, as the dialog's format expects one.
  return { username: row.username, display_name: row.username, role: row.role, is_self: row.user_id === viewer.id };
}

/** The spec's room detail (§3): rights come from the same policies the service enforces. */
export function presentRoomDetail(
  viewer: policy.Actor,
  room: Room,
  membership: policy.Membership,
  ownerUsername: string | null,
  members: MemberRow[] | undefined,
): RoomDetail {
  return {
    id: room.id,
    name: room.name,
    topic: room.topic,
    path: room.path,
    kind: room.kind as RoomKind,
    slug: room.slug,
    depth: room.depth,
    description: room.description,
    is_bot_allowed: fromDbBool(room.is_bot_allowed),
    is_public_readable: fromDbBool(room.is_public_readable),
    is_write_gated: fromDbBool(room.is_write_gated),
    member: membership !== undefined,
    ...(members ? { members: members.map((m) => presentMember(viewer, m)) } : {}),
    can_rename: policy.canRename(viewer, room, membership),
    can_set_bot_allowed: policy.canSetBotAllowed(viewer, room, membership),
    owner_username: ownerUsername,
    message_count: room.message_count,
    last_message_at: room.last_message_at,
  };
}
