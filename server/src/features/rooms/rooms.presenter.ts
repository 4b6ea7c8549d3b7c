import type { RoomDetail, RoomFields, RoomListItem, RoomMember, RoomPermissions } from '@studium/protocol';
import { fromDbBool } from '../../db/dialect';
import type { Room } from '../../db/schema';
import { presentMemberReadState, presentReadState } from '../read-states/read-states.presenter';
import type { ReadStateRow } from '../read-states/read-states.service';
import * as policy from './rooms.policy';
import type { listTreeRooms } from './rooms.repository';

type ListedRoomRow = Awaited<ReturnType<typeof listTreeRooms>>[number];

interface MemberRow {
  user_id: number;
  username: string;
  role: 'owner' | 'member';
}

export function presentMember(viewer: policy.Actor, row: MemberRow): RoomMember {
  // No display names exist yet: the username stands in, as the dialog's format expects one.
  return {
    username: row.username,
    display_name: row.username,
    role: row.role,
    is_self: row.user_id === viewer.id,
  };
}

/** The room's own fields, the same for every viewer. */
export function presentRoomFields(room: Room, ownerUsername: string | null): RoomFields {
  return {
    id: room.id,
    name: room.name,
    topic: room.topic,
    path: room.path,
    kind: room.kind,
    slug: room.slug,
    depth: room.depth,
    description: room.description,
    is_bot_allowed: fromDbBool(room.is_bot_allowed),
    is_public_readable: fromDbBool(room.is_public_readable),
    is_write_gated: fromDbBool(room.is_write_gated),
    owner_username: ownerUsername,
    message_count: room.message_count,
    last_message_at: room.last_message_at,
  };
}

/** The viewer's rights, from the same predicates the services enforce. */
export function presentPermissions(
  viewer: policy.Actor,
  room: Room,
  membership: policy.Membership,
): RoomPermissions {
  return {
    can_read: policy.canRead(viewer, room, membership),
    can_write: policy.canSend(viewer, room, membership),
    can_react: policy.canReact(viewer, room, membership),
    can_edit_own: policy.canEditOwn(viewer, room, membership),
    can_delete_own: policy.canDeleteOwn(viewer, room, membership),
    can_delete_any: policy.canDeleteAny(viewer, room, membership),
    can_join: policy.canJoinAsNew(viewer, room, membership),
    can_add_members: policy.canAddMembers(viewer, room, membership),
    can_leave: policy.canLeave(viewer, room, membership),
    joins_on_write: policy.joinsOnWrite(viewer, room, membership),
    can_rename: policy.canRename(viewer, room, membership),
    can_set_bot_allowed: policy.canSetBotAllowed(viewer, room, membership),
    can_pin: policy.canPin(viewer, room, membership),
  };
}

/** The room detail: the room, the viewer's membership and every right the screens need. */
export function presentRoomDetail(
  viewer: policy.Actor,
  room: Room,
  membership: policy.Membership,
  ownerUsername: string | null,
  members: MemberRow[] | undefined,
  readState?: ReadStateRow,
): RoomDetail {
  return {
    ...presentRoomFields(room, ownerUsername),
    member: policy.isMember(membership),
    ...(members ? { members: members.map((m) => presentMember(viewer, m)) } : {}),
    ...(policy.isMember(membership) && readState
      ? { read_state: presentMemberReadState(room, readState) }
      : {}),
    ...presentPermissions(viewer, room, membership),
  };
}

/** A room of a list; the viewer's read state only where they are a member (`member` is set). */
export function presentListedRoom(row: ListedRoomRow): RoomListItem {
  const { member, unread, mentions, ...room } = row;
  return member === null ? room : { ...room, read_state: presentReadState({ unread, mentions }) };
}
