import { z } from 'zod';
import { roomMembersResponse, roomNameSchema, usernamesToAdd, type RoomMembersResponse } from './rooms';
import { CHAT_TEXTS } from './texts';
import { readState } from './unread';

/** Texts of the server's answers about direct and group conversations. */
export const DMS_TEXTS = {
  cannotMessageSelf: 'You cannot message yourself.',
  userNotFound: CHAT_TEXTS.rooms.userNotFound,
  usernameRequired: 'Choose someone to message.',
  membersRequired: 'Add at least one person to the group.',
  tooManyMembers: 'A group can have at most 20 other members.',
  duplicateMembers: CHAT_TEXTS.rooms.duplicateMembers,
  cannotAddSelf: 'You are already in the group.',
  unknownMembers: (names: string[]) => `User not found: ${names.join(', ')}.`,
  notGroup: 'Conversation not found.',
  onlyOwnerAdds: "Only the group's owner can add people.",
  alreadyMembers: (names: string[]) => `Already in the group: ${names.join(', ')}.`,
  groupFull: 'A group can have at most 20 other members.',
} as const;

/** Texts of the group screens (docs/dms.md). */
export const GROUP_TEXTS = {
  leave: 'Leave group',
  leaveTitle: 'Leave this group?',
  leaveBody: "You will no longer see its messages. The group's owner can add you again.",
  leaveConfirm: 'Leave',
  cancel: 'Cancel',
  left: 'You left the group',
  leaveFailed: 'Leave failed',
  addMembers: 'Add people',
  addTitle: 'Add people to the group',
  addConfirm: 'Add',
  added: 'People added',
  addFailed: 'Add failed',
} as const;

/** Bounds of conversations (docs/dms.md). */
export const DMS_LIMITS = {
  groupMembersMax: 20,
  /** The conversation row's last message, and a notification's text. */
  previewMax: 140,
} as const;

const t = DMS_TEXTS;

/** `POST /api/dms/ {username}`: opens (or returns) the DM room with that user; unknown names are 404. */
export const openDmBody = z.strictObject({
  username: z.string({ error: t.usernameRequired }).trim().min(1, t.usernameRequired).max(64, t.userNotFound),
});
export type OpenDmBody = z.infer<typeof openDmBody>;

/** `POST /api/dms/groups/ {name, usernames}`: a group conversation with the caller as owner. */
export const createGroupBody = z.strictObject({
  name: roomNameSchema,
  usernames: usernamesToAdd(
    t.membersRequired,
    DMS_LIMITS.groupMembersMax,
    t.tooManyMembers,
    t.usernameRequired,
  ),
});
export type CreateGroupBody = z.infer<typeof createGroupBody>;

/** `POST /api/dms/groups/{room}/members/ {usernames}`: the owner adds people to the group. */
export const addGroupMembersBody = z.strictObject({
  usernames: createGroupBody.shape.usernames,
});
export type AddGroupMembersBody = z.infer<typeof addGroupMembersBody>;

/** Answer of adding people: the group and who is in it now besides the caller (as for any room). */
export const groupMembersResponse = roomMembersResponse;
export type GroupMembersResponse = RoomMembersResponse;

/** Both creation calls answer with the room's id. */
export const conversationRoomResponse = z.object({ room: z.number().int().positive() });
export type ConversationRoomResponse = z.infer<typeof conversationRoomResponse>;

/** A conversation, one row of `/dms`. */
export const conversation = z.object({
  room: z.number().int().positive(),
  kind: z.enum(['direct', 'group']),
  /** The other member of a direct conversation; null for a group. */
  other_user: z.string().nullable(),
  /** The group's name; null for a direct conversation. */
  group_name: z.string().nullable(),
  /** The other members' usernames (a group's, or the other user): the list's search reads them too. */
  members: z.array(z.string()).optional(),
  /** A preview (≤ 140 characters) of the newest message; null when there is none. */
  last_message: z.string().nullable(),
  /** Time of the newest message. */
  timestamp: z.string().nullable(),
  /** The newest of the caller's unread notifications of this room. */
  last_mention_at: z.string().nullable(),
  has_unread_mention: z.boolean(),
  mention_unread_count: z.number().int().min(0),
  /** The caller's unread messages and mentions in it (docs/unread.md); the sidebar shows them. */
  read_state: readState.optional(),
});
export type Conversation = z.infer<typeof conversation>;

/** `GET /api/dms/`: newest `timestamp` first, conversations without messages last. */
export const conversationsResponse = z.object({ conversations: z.array(conversation) });
export type ConversationsResponse = z.infer<typeof conversationsResponse>;
