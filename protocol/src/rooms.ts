import { z } from 'zod';
import { LIMITS } from './limits';
import { CHAT_TEXTS } from './texts';

const t = CHAT_TEXTS.rooms;

export type RoomKind = 'public' | 'group' | 'dm';

/** `GET /api/rooms/?parent=root&kind=public` or `?parent={roomId}`. */
export const roomListQuery = z.object({
  parent: z.string().min(1).max(512).default('root'),
  kind: z.enum(['public']).default('public'),
});
export type RoomListQuery = z.infer<typeof roomListQuery>;

/** The spec's room list item (§3). */
export interface RoomListItem {
  id: number;
  name: string;
  slug: string;
  path: string;
  depth: number;
  message_count: number;
  last_message_at: string | null;
}

export interface RoomListResponse {
  rooms: RoomListItem[];
}

/** A member as the room details dialog shows it (§3). */
export interface RoomMember {
  username: string;
  display_name: string;
  role: 'owner' | 'member';
  is_self: boolean;
}

/** The spec's room detail (§3), plus the list item's counters. */
export interface RoomDetail {
  id: number;
  name: string;
  topic: string;
  path: string;
  kind: RoomKind;
  slug: string;
  depth: number;
  description: string;
  is_bot_allowed: boolean;
  is_public_readable: boolean;
  is_write_gated: boolean;
  member: boolean;
  /** Only when the room is not publicly readable (and the viewer may read it). */
  members?: RoomMember[];
  can_rename: boolean;
  can_set_bot_allowed: boolean;
  owner_username: string | null;
  message_count: number;
  last_message_at: string | null;
}

/** Room name rule of spec §5: trimmed, required, at most 120 characters. */
export const roomNameSchema = z
  .string({ error: t.nameRequired })
  .trim()
  .min(1, t.nameRequired)
  .max(LIMITS.roomNameMax, t.nameTooLong);

export const renameRoomBody = z.strictObject({ name: roomNameSchema });
export type RenameRoomBody = z.infer<typeof renameRoomBody>;

export const botAllowedBody = z.strictObject({ is_bot_allowed: z.boolean() });
export type BotAllowedBody = z.infer<typeof botAllowedBody>;
