import { z } from 'zod';
import { hiddenReason } from './blocks';
import { CHAT_LIMITS, LIMITS } from './limits';
import { CHAT_TEXTS } from './texts';
import { USERNAME_PATTERN } from './auth';
import { attachment, attachmentIdsSchema } from './attachments';
import { withoutControls } from './text-controls';

const t = CHAT_TEXTS.chat;

/**
 * Each line trimmed, then the whole; line endings unified; control characters and bidirectional
 * overrides removed (`withoutControls`). What is stored and counted (docs/chat.md).
 */
export function normalizeMessage(text: string): string {
  return withoutControls(text.replace(/\r\n?/g, '\n'))
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .trim();
}

// A raw bound before normalizing, so a huge string is refused without work (the frame is 16 KiB).
const RAW_MAX = 8 * LIMITS.messageMax;

/** Message text: 1–1000 characters after trimming each line ('Max 1000 chars'). */
export const messageContentSchema = z
  .string({ error: t.messageRequired })
  .max(RAW_MAX, t.maxChars)
  .transform(normalizeMessage)
  .pipe(z.string().min(1, t.messageRequired).max(LIMITS.messageMax, t.maxChars));

/**
 * The text of a send, which may be empty when the message carries attachments (the service
 * refuses a send with neither, with the same text as an empty message).
 */
export const sendContentSchema = z
  .string({ error: t.messageRequired })
  .max(RAW_MAX, t.maxChars)
  .transform(normalizeMessage)
  .pipe(z.string().max(LIMITS.messageMax, t.maxChars));

/** A mention picked from suggestions: `@display` at [start, end) of the text. */
export const mentionSchema = z
  .strictObject({
    username: z.string().min(1).max(LIMITS.mentionHandleMax).regex(USERNAME_PATTERN),
    start: z.number().int().min(0).max(RAW_MAX),
    end: z.number().int().min(0).max(RAW_MAX),
    display: z.string().max(CHAT_LIMITS.mentionDisplayMax).optional(),
  })
  .refine((m) => m.end >= m.start, { message: 'Mention end must not precede its start.' });
export type Mention = z.infer<typeof mentionSchema>;

export const mentionsSchema = z.array(mentionSchema).max(CHAT_LIMITS.mentionsMax, t.tooManyMentions);

const messageId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const replyToSchema = messageId.nullable().optional();
/** Idempotency key of a send: the same key from the same user stores one message (docs/chat.md). */
export const clientIdSchema = z.string().min(1).max(CHAT_LIMITS.clientIdMax).nullable().optional();

let singleEmoji: RegExp | undefined;
/**
 * Whether `text` is exactly one emoji as Unicode recommends it (RGI: a sequence with its skin tone,
 * a flag, a keycap, a family joined by ZWJ all count as one). Browsers without the `v` flag fall
 * back to one pictographic character with its modifiers; the server (Node) always has it.
 */
export function isSingleEmoji(text: string): boolean {
  if (!singleEmoji) {
    try {
      singleEmoji = new RegExp('^\\p{RGI_Emoji}$', 'v');
    } catch {
      singleEmoji = /^\p{Extended_Pictographic}\uFE0F?(?:\p{Emoji_Modifier})?$/u;
    }
  }
  return singleEmoji.test(text);
}

/**
 * A reaction: any single emoji, nothing else (docs/chat.md). An emoji typed without its
 * variation selector (a bare ❤) is stored in its emoji form (❤️), so both count as one.
 */
export const emojiSchema = z
  .string()
  .max(CHAT_LIMITS.reactionMaxLength, t.emojiNotAllowed)
  .transform((e) => (!isSingleEmoji(e) && isSingleEmoji(`${e}\uFE0F`) ? `${e}\uFE0F` : e))
  .refine(isSingleEmoji, { message: t.emojiNotAllowed });

/** `POST /api/rooms/{room}/messages/` (the live connection's fallback). */
export const sendMessageBody = z.strictObject({
  content: sendContentSchema,
  reply_to: replyToSchema,
  mentions: mentionsSchema.optional(),
  client_id: clientIdSchema,
  /** Ids of one's own unsent uploads to this room (docs/attachments.md). */
  attachments: attachmentIdsSchema.optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageBody>;

export const editMessageBody = z.strictObject({ content: messageContentSchema });
export type EditMessageBody = z.infer<typeof editMessageBody>;

export const reactBody = z.strictObject({ emoji: emojiSchema });
export type ReactBody = z.infer<typeof reactBody>;

export const messageIdParam = messageId;

const pageAnchor = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional();

/**
 * `GET /api/rooms/{room}/messages/?limit=50` and one of `before=<id>` (older), `after=<id>` (newer)
 * or `around=<id>` (a page centred on that message, docs/chat.md).
 */
export const historyQuery = z
  .object({
    before: pageAnchor,
    after: pageAnchor,
    around: pageAnchor,
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(CHAT_LIMITS.historyPageMax)
      .default(CHAT_LIMITS.historyPageDefault),
  })
  .refine((q) => [q.before, q.after, q.around].filter((v) => v !== undefined).length <= 1, {
    message: 'Give at most one of before, after and around.',
  });
export type HistoryQuery = z.infer<typeof historyQuery>;

/** Emoji → count, in the order the reactions were first given. */
export const reactionCounts = z.record(z.string(), z.number().int().positive());
export type ReactionCounts = z.infer<typeof reactionCounts>;

/**
 * What the reader may do to one message, decided by the server with the rules it enforces
 * (docs/chat.md): its author edits it where they may still write, and deletes it where they still
 * read; the owner of a tree room deletes anyone's. A deleted message takes neither. Screens show
 * Edit and Delete from these flags only.
 */
export const messageRights = z.object({
  can_edit: z.boolean(),
  can_delete: z.boolean(),
});
export type MessageRights = z.infer<typeof messageRights>;

/**
 * A message as history, the send answer and the live frames carry it. The rights are the
 * reader's own: in a live frame, each connection's (docs/chat.md).
 */
export const chatMessage = z.object({
  id: z.number().int(),
  username: z.string(),
  message: z.string(),
  timestamp: z.string(),
  reply_to: z.number().int().nullable(),
  reactions: reactionCounts,
  edited_at: z.string().nullable(),
  edit_count: z.number().int().min(0),
  /** Written by a bot account (an assistant): screens label it (docs/assistants.md). */
  is_bot: z.boolean(),
  /** The users the message mentions, as stored (docs/chat.md); only these show as mentions. */
  mentions: z.array(z.string()).optional(),
  /** Set when the message was deleted: a tombstone with empty text, no reactions, no history. */
  deleted_at: z.string().nullable().optional(),
  /** How many messages (not deleted) reply to this one. */
  reply_count: z.number().int().min(0).optional(),
  /**
   * Only in history answers: why the message is collapsed for the viewer (its author is one they
   * blocked or muted; docs/blocks.md). Live frames are shared by the room and never carry it.
   */
  hidden: hiddenReason.nullable().optional(),
  /** Images and files sent with the message, in the order given; erased with it. */
  attachments: z.array(attachment).optional(),
  ...messageRights.shape,
});
export type ChatMessage = z.infer<typeof chatMessage>;

/**
 * `GET /api/rooms/{room}/messages/`: a page, oldest first. `has_more`: older messages exist;
 * `has_more_after`: newer ones exist (false on the latest page).
 */
export const historyResponse = z.object({
  messages: z.array(chatMessage),
  has_more: z.boolean(),
  has_more_after: z.boolean(),
});
export type HistoryResponse = z.infer<typeof historyResponse>;

/** `POST /api/messages/{id}/react/`: the message's reactions after the toggle. */
export const reactResponse = z.object({ reactions: reactionCounts });
export type ReactResponse = z.infer<typeof reactResponse>;

/** One version of a message's text; the original has `edited_at` null. */
export const messageVersion = z.object({ message: z.string(), edited_at: z.string().nullable() });
export type MessageVersion = z.infer<typeof messageVersion>;

/** `GET /api/messages/{id}/history/`: the versions, newest (the current text) first. */
export const messageHistoryResponse = z.object({ versions: z.array(messageVersion) });
export type MessageHistoryResponse = z.infer<typeof messageHistoryResponse>;

/** `DELETE /api/messages/{id}/`: the tombstone the message became. */
export const deleteMessageResponse = chatMessage;

/** Author shown for a message whose account was deleted (its tombstone, docs/chat.md). */
export const DELETED_USERNAME = 'deleted user';
