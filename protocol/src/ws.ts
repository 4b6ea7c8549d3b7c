import { z } from 'zod';
import {
  chatMessage,
  clientIdSchema,
  emojiSchema,
  mentionsSchema,
  messageContentSchema,
  messageIdParam,
  sendContentSchema,
  reactionCounts,
  replyToSchema,
} from './chat';
import { messagePinnedFrame, messageUnpinnedFrame } from './pins';
import { typingClientFrame, typingFrame } from './presence';
import { roomFields } from './rooms';
import { attachmentIdsSchema } from './attachments';

/** Every client frame names its action; the rest depends on it. */
export const clientFrameHead = z.looseObject({ action: z.string().max(64) });

export const sendMessageFrame = z.strictObject({
  action: z.literal('send_message'),
  message: sendContentSchema,
  reply_to: replyToSchema,
  mentions: mentionsSchema.optional(),
  client_id: clientIdSchema,
  attachments: attachmentIdsSchema.optional(),
});
export type SendMessageFrame = z.infer<typeof sendMessageFrame>;

export const editMessageFrame = z.strictObject({
  action: z.literal('edit_message'),
  message_id: messageIdParam,
  content: messageContentSchema,
  /** Names this edit: echoed on the author's `edit` frame and on an `{error}` that refuses it. */
  client_id: clientIdSchema,
});
export type EditMessageFrame = z.infer<typeof editMessageFrame>;

export const reactMessageFrame = z.strictObject({
  action: z.literal('react_message'),
  message_id: messageIdParam,
  emoji: emojiSchema,
});
export type ReactMessageFrame = z.infer<typeof reactMessageFrame>;

export const deleteMessageFrame = z.strictObject({
  action: z.literal('delete_message'),
  message_id: messageIdParam,
});
export type DeleteMessageFrame = z.infer<typeof deleteMessageFrame>;

/** Every action a room socket accepts. */
export const clientFrame = z.discriminatedUnion('action', [
  sendMessageFrame,
  editMessageFrame,
  reactMessageFrame,
  deleteMessageFrame,
  typingClientFrame,
]);
export type ClientFrame = z.infer<typeof clientFrame>;

// Server → client frames of `/ws/room/{room}/` (docs/chat.md).

/**
 * A new message; the author's own sockets also get the `client_id` of their send. Each socket
 * gets `can_edit` and `can_delete` for its own reader (docs/chat.md).
 */
export const messageFrame = z.object({
  type: z.literal('message'),
  // Otherwise shared by everyone in the room: what one viewer hides is not in it (docs/blocks.md).
  ...chatMessage.omit({ hidden: true }).shape,
  client_id: z.string().optional(),
});
export type MessageFrame = z.infer<typeof messageFrame>;

export const editFrame = z.object({
  type: z.literal('edit'),
  id: z.number().int().positive(),
  message: z.string(),
  // Null and 0 only in the echo of an edit that changed nothing on a never-edited message.
  edited_at: z.string().nullable(),
  edit_count: z.number().int().min(0),
  /** The author's own sockets get the `client_id` of their edit, as with a send. */
  client_id: z.string().optional(),
});
export type EditFrame = z.infer<typeof editFrame>;

export const reactionFrame = z.object({
  type: z.literal('reaction'),
  id: z.number().int().positive(),
  reactions: reactionCounts,
});
export type ReactionFrame = z.infer<typeof reactionFrame>;

/** A bot's reply in progress; the final `message` frame from the same username replaces it. */
export const botStreamFrame = z.object({
  type: z.literal('bot_stream'),
  username: z.string(),
  delta: z.string(),
});
export type BotStreamFrame = z.infer<typeof botStreamFrame>;

/**
 * The room changed (renamed, bots switched): its fields as everyone sees them. Rights do not
 * change with these fields, so the viewer's `can_*` flags stay as they were.
 */
export const roomUpdatedFrame = z.object({ type: z.literal('room_updated'), room: roomFields });
export type RoomUpdatedFrame = z.infer<typeof roomUpdatedFrame>;

/** An account was deleted: its messages in this room now show as the deleted user's. */
export const messagesTombstonedFrame = z.object({
  type: z.literal('messages_tombstoned'),
  ids: z.array(z.number().int().positive()),
});
export type MessagesTombstonedFrame = z.infer<typeof messagesTombstonedFrame>;

/** A message was deleted: it stays in place as a tombstone ('Message deleted'). */
export const messageDeletedFrame = z.object({
  type: z.literal('message_deleted'),
  id: z.number().int().positive(),
  room: z.number().int().positive(),
  deleted_at: z.string(),
  /** The message it replied to, whose `reply_count` drops by one; null for no reply. */
  reply_to: z.number().int().nullable(),
});
export type MessageDeletedFrame = z.infer<typeof messageDeletedFrame>;

/** A refused frame. `client_id` names the send that failed, when the refused action had one. */
export const errorFrame = z.object({ error: z.string(), client_id: z.string().optional() });
export type ErrorFrame = z.infer<typeof errorFrame>;

/** Every frame of the room socket that a room's sockets receive alike. */
export const roomServerFrame = z.discriminatedUnion('type', [
  messageFrame,
  editFrame,
  reactionFrame,
  botStreamFrame,
  roomUpdatedFrame,
  messagesTombstonedFrame,
  messageDeletedFrame,
  messagePinnedFrame,
  messageUnpinnedFrame,
  typingFrame,
]);
export type RoomServerFrame = z.infer<typeof roomServerFrame>;

/** Anything `/ws/room/{room}/` sends: a room frame, or an error for this socket only. */
export const roomSocketFrame = z.union([roomServerFrame, errorFrame]);
export type RoomSocketFrame = z.infer<typeof roomSocketFrame>;

/** Close codes the client acts on (4001, 4003, 4004), plus the protocol's own. */
export const WS_CLOSE = {
  notLoggedIn: 4001,
  noPermission: 4003,
  roomNotFound: 4004,
  policy: 1008,
  tooBig: 1009,
  /** The server is restarting: reconnect (another process answers). */
  restarting: 1012,
  /** The server could not serve the socket (e.g. the database is unreachable); the client reconnects. */
  unavailable: 1011,
} as const;
