import { z } from 'zod';
import { hiddenReason } from './blocks';

const id = z.number().int().positive();

/** A pinned message as the room's 'Pinned' list shows it: enough for a one-line preview and the jump. */
export const pinnedMessage = z.object({
  message_id: id,
  room: id,
  /** When it was pinned; the list is newest first by this. */
  pinned_at: z.string(),
  /** Who pinned it; null when that account was deleted. */
  pinned_by: z.string().nullable(),
  /** The message's author, as the message carries it ('deleted user' for a deleted account). */
  username: z.string(),
  /** When the message was written. */
  timestamp: z.string(),
  /** The message's markdown; screens show it as plain text on one line. */
  message: z.string(),
  is_bot: z.boolean(),
  /** How many images and files it carries (a message may have no text). */
  attachment_count: z.number().int().min(0),
  /**
   * The list read by one user says whether their screen collapses the author's pins (blocked or
   * muted, as in the history); a live frame is shared by the room and leaves it out.
   */
  hidden: hiddenReason.nullable().optional(),
});
export type PinnedMessage = z.infer<typeof pinnedMessage>;

/** `GET /api/rooms/{room}/pins/`: the room's pins, newest first. */
export const pinsResponse = z.object({ pins: z.array(pinnedMessage) });
export type PinsResponse = z.infer<typeof pinsResponse>;

/** `DELETE /api/messages/{id}/pin/`: the message that is no longer pinned. */
export const unpinResponse = z.object({ message_id: id, room: id });
export type UnpinResponse = z.infer<typeof unpinResponse>;

/** A message was pinned: everyone in the room sees it in the list. */
export const messagePinnedFrame = z.object({ type: z.literal('message_pinned'), pin: pinnedMessage });
export type MessagePinnedFrame = z.infer<typeof messagePinnedFrame>;

/** A message was unpinned (by someone who may pin; deleting a message unpins it silently). */
export const messageUnpinnedFrame = z.object({
  type: z.literal('message_unpinned'),
  message_id: id,
  room: id,
});
export type MessageUnpinnedFrame = z.infer<typeof messageUnpinnedFrame>;
