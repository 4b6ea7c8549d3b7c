import { z } from 'zod';
import { USERNAME_PATTERN } from './auth';
import { LIMITS } from './limits';
import { CHAT_TEXTS } from './texts';
import { memberReadState, readState } from './unread';
import { oneLine } from './text-controls';

const t = CHAT_TEXTS.rooms;

/**
 * `GET /api/rooms/?parent=root&kind=public` or `?parent={roomId}`; `?scope=tree` lists every public
 * room of the tree at once (the sidebar and /home read the whole tree: one request, not one a room).
 */
export const roomListQuery = z.object({
  parent: z.string().min(1).max(512).default('root'),
  kind: z.enum(['public']).default('public'),
  scope: z.enum(['children', 'tree']).default('children'),
});
export type RoomListQuery = z.infer<typeof roomListQuery>;

// An id (digits), or a path: slugs joined by '.' (the tree) or ':' (dm:, group:, assistant:),
// starting with a letter, digit or underscore; at most 512 characters, the longest looked up.
const ROOM_REF = /^(?=.{1,512}$)[A-Za-z0-9_][A-Za-z0-9_-]*(?:[.:][A-Za-z0-9_-]+)*$/;

/**
 * Whether `ref` can name a room in an address (`/chat/{ref}`): a room id or a room path
 * (docs/rooms.md). Anything else — `abc!!`, `-5`, an empty segment — cannot be a room.
 */
export const isRoomRef = (ref: string): boolean => ROOM_REF.test(ref);

const roomId = z.number().int().positive();
const isoTime = z.string();

/** One room of the tree, as `GET /api/rooms/` lists it. */
export const roomListItem = z.object({
  id: roomId,
  name: z.string(),
  slug: z.string(),
  path: z.string(),
  depth: z.number().int().min(0),
  message_count: z.number().int().min(0),
  last_message_at: isoTime.nullable(),
  /** Only for rooms the viewer belongs to. */
  read_state: readState.optional(),
});
export type RoomListItem = z.infer<typeof roomListItem>;

export const roomListResponse = z.object({ rooms: z.array(roomListItem) });
export type RoomListResponse = z.infer<typeof roomListResponse>;

/** A member as the room details dialog shows it. */
export const roomMember = z.object({
  username: z.string(),
  display_name: z.string(),
  role: z.enum(['owner', 'member']),
  is_self: z.boolean(),
});
export type RoomMember = z.infer<typeof roomMember>;

/**
 * What the viewer may do in the room, decided by the server with the same rules it enforces
 * (docs/rooms.md): screens show and hide controls from these flags only.
 */
export const roomPermissions = z.object({
  /** Reads the history and opens the live connection. */
  can_read: z.boolean(),
  /** Sends messages and replies (a write-gated room is joined on the first write, see `joins_on_write`). */
  can_write: z.boolean(),
  /** Reacts to messages. */
  can_react: z.boolean(),
  /** Edits messages they wrote (authorship is checked per message). */
  can_edit_own: z.boolean(),
  /** Deletes messages they wrote (authorship is checked per message). */
  can_delete_own: z.boolean(),
  /** Deletes anyone's message: the owner of a tree room (never in DMs or groups). */
  can_delete_any: z.boolean(),
  /**
   * Adds people: to a group conversation, its owners (docs/dms.md); to a members-only tree room,
   * its owner or an operator (`POST /api/rooms/{room}/members/`, docs/rooms.md, "Members").
   */
  can_add_members: z.boolean(),
  /** Leaves a group conversation: any member (docs/dms.md). */
  can_leave: z.boolean(),
  /** Not a member, and may become one (`POST /api/rooms/{room}/join/`). */
  can_join: z.boolean(),
  /** Not a member of a write-gated room they may join: entering the room joins it. */
  joins_on_write: z.boolean(),
  can_rename: z.boolean(),
  can_set_bot_allowed: z.boolean(),
  /** Pins and unpins messages: the room's owner and its moderators (docs/chat.md, "Pinned messages"). */
  can_pin: z.boolean(),
});
export type RoomPermissions = z.infer<typeof roomPermissions>;

/** The room's own fields, the same for every viewer (live room updates carry these). */
export const roomFields = z.object({
  id: roomId,
  name: z.string(),
  topic: z.string(),
  path: z.string(),
  kind: z.enum(['public', 'group', 'dm', 'assistant']),
  slug: z.string(),
  depth: z.number().int().min(0),
  description: z.string(),
  is_bot_allowed: z.boolean(),
  is_public_readable: z.boolean(),
  is_write_gated: z.boolean(),
  owner_username: z.string().nullable(),
  message_count: z.number().int().min(0),
  last_message_at: isoTime.nullable(),
});
export type RoomFields = z.infer<typeof roomFields>;
export type RoomKind = RoomFields['kind'];

/** `GET /api/rooms/{room}/` and the answer of a join: the room, the viewer's membership and rights. */
export const roomDetail = z.object({
  ...roomFields.shape,
  member: z.boolean(),
  /** Only when the room is not publicly readable (and the viewer may read it). */
  members: z.array(roomMember).optional(),
  /** Only for members: their marker, counts and notification level (docs/unread.md). */
  read_state: memberReadState.optional(),
  ...roomPermissions.shape,
});
export type RoomDetail = z.infer<typeof roomDetail>;

/**
 * Room name rule (docs/rooms.md): one line without control characters (`oneLine`), trimmed,
 * required, at most 120 characters.
 */
export const roomNameSchema = z
  .string({ error: t.nameRequired })
  .overwrite(oneLine)
  .trim()
  .min(1, t.nameRequired)
  .max(LIMITS.roomNameMax, t.nameTooLong);

export const renameRoomBody = z.strictObject({ name: roomNameSchema });
export type RenameRoomBody = z.infer<typeof renameRoomBody>;

export const botAllowedBody = z.strictObject({ is_bot_allowed: z.boolean() });
export type BotAllowedBody = z.infer<typeof botAllowedBody>;

/** Answer of `POST /api/rooms/{room}/rename/`. */
export const renameRoomResponse = z.object({ id: roomId, name: z.string() });
export type RenameRoomResponse = z.infer<typeof renameRoomResponse>;

/** Answer of `POST /api/rooms/{room}/bot-allowed/`. */
export const botAllowedResponse = z.object({ id: roomId, is_bot_allowed: z.boolean() });
export type BotAllowedResponse = z.infer<typeof botAllowedResponse>;

/**
 * The people to add to a room (a group made, people added to a group or a room): usernames, at
 * least one and at most `max`, each once. `required` says what is missing, `tooMany` the bound.
 */
export const usernamesToAdd = (required: string, max: number, tooMany: string, empty = required) =>
  z
    .array(
      z
        .string({ error: empty })
        .trim()
        .min(1, empty)
        .max(LIMITS.usernameMax, t.userNotFound)
        .regex(USERNAME_PATTERN, t.userNotFound),
      { error: required },
    )
    .min(1, required)
    .max(max, tooMany)
    .refine((names) => new Set(names.map((n) => n.toLowerCase())).size === names.length, {
      message: t.duplicateMembers,
    });

/** Most people added to a room in one call (a group's own bound, docs/dms.md, is the same). */
export const ROOM_ADD_MAX = 20;

/**
 * `POST /api/rooms/{room}/members/ {usernames}`: the owner of a members-only tree room, or an
 * operator, adds people (docs/rooms.md, "Members"); at most 20 a call, each once.
 */
export const addRoomMembersBody = z.strictObject({
  usernames: usernamesToAdd(t.membersRequired, ROOM_ADD_MAX, t.tooManyAtOnce),
});
export type AddRoomMembersBody = z.infer<typeof addRoomMembersBody>;

/** Answer of adding people to a room or a group: the room and who is in it now besides the caller. */
export const roomMembersResponse = z.object({
  room: roomId,
  members: z.array(z.string()),
});
export type RoomMembersResponse = z.infer<typeof roomMembersResponse>;
