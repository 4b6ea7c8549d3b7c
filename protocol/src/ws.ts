import { z } from 'zod';
import { clientIdSchema, emojiSchema, mentionsSchema, messageContentSchema, messageIdParam, replyToSchema, type ChatMessage, type ReactionCounts } from './chat';

/** Every client frame names its action; the rest depends on it. */
export const clientFrameHead = z.looseObject({ action: z.string().max(64) });

export const sendMessageFrame = z.strictObject({
  action: z.literal('send_message'),
  message: messageContentSchema,
  reply_to: replyToSchema,
  mentions: mentionsSchema.optional(),
  client_id: clientIdSchema,
});
export type SendMessageFrame = z.infer<typeof sendMessageFrame>;

export const editMessageFrame = z.strictObject({
  action: z.literal('edit_message'),
  message_id: messageIdParam,
  content: messageContentSchema,
});
export type EditMessageFrame = z.infer<typeof editMessageFrame>;

export const reactMessageFrame = z.strictObject({
  action: z.literal('react_message'),
  message_id: messageIdParam,
  emoji: emojiSchema,
});
export type ReactMessageFrame = z.infer<typeof reactMessageFrame>;

export type ClientFrame = SendMessageFrame | EditMessageFrame | ReactMessageFrame;

/** Server → client frames of `/ws/room/{room}/` (spec §7). */
export type MessageFrame = { type: 'message'; client_id?: string } & ChatMessage;
export interface EditFrame {
  type: 'edit';
  id: number;
  message: string;
  edited_at: string;
  edit_count: number;
}
export interface ReactionFrame {
  type: 'reaction';
  id: number;
  reactions: ReactionCounts;
}
/** A bot's reply in progress; the final `message` frame from the same username replaces it. */
export interface BotStreamFrame {
  type: 'bot_stream';
  username: string;
  delta: string;
}
export interface ErrorFrame {
  error: string;
}
export type RoomServerFrame = MessageFrame | EditFrame | ReactionFrame | BotStreamFrame;

/** Close codes the spec's client acts on (§4), plus ours. */
export const WS_CLOSE = {
  notLoggedIn: 4001,
  noPermission: 4003,
  roomNotFound: 4004,
  policy: 1008,
  tooBig: 1009,
  /** The server is restarting: reconnect (another process answers). */
  restarting: 1012,
} as const;
