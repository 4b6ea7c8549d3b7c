import { ASSISTANT_TEXTS } from '@studium/protocol';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/schema';
import { publishToRoom } from '../../realtime/publish';
import {
  eraseNotifiedTexts,
  publishErasedNotices,
  type ErasedNotices,
} from '../notifications/notifications.service';
import { deletePinsOf } from './pins.repository';
import * as quotes from './quotes.repository';

/** A message rewritten because it quoted an erased one: rooms hear of it as an edit. */
export interface RedactedMessage {
  id: number;
  room_id: number;
  edited_at: string;
  edit_count: number;
}

/** What erasing the copies changed, announced after commit by `publishErasures`. */
export interface ErasedCopies {
  redacted: RedactedMessage[];
  /** Whose notifications were emptied, and of which messages. */
  notices: ErasedNotices;
}

/**
 * Erases the copies of these messages' text kept elsewhere, in the transaction that erases them
 * (docs/chat.md, "Deleting a message"): their pins, the previews of the notifications about them, and every
 * bot answer that quotes one, whose text gives way to `answerRedacted` (its own notification
 * previews emptied too). The search index follows each message's own text, so the redacted answers
 * leave it with their words. Bots never read bots, so a redaction goes one step, no further.
 */
export async function eraseCopiesOf(
  trx: Executor,
  messageIds: readonly number[],
  at: string,
): Promise<ErasedCopies> {
  if (messageIds.length === 0) return { redacted: [], notices: new Map() };
  // Screens drop a pin on the deletion's own frame (`message_deleted`, `messages_tombstoned`).
  await deletePinsOf(trx, messageIds);
  const notices = await eraseNotifiedTexts(trx, messageIds);
  const quoting = await quotes.listQuotingMessages(trx, messageIds);
  if (quoting.length === 0) return { redacted: [], notices };
  const ids = quoting.map((q) => q.id);
  await quotes.redactMessages(trx, ids, ASSISTANT_TEXTS.answerRedacted, at);
  for (const [userId, erased] of await eraseNotifiedTexts(trx, ids))
    notices.set(userId, (notices.get(userId) ?? []).concat(erased));
  return {
    redacted: quoting.map((q) => ({
      id: q.id,
      room_id: q.room_id,
      edited_at: at,
      edit_count: q.edit_count + 1,
    })),
    notices,
  };
}

/**
 * After commit: each room's sockets get the redacted answers as edits, and each user whose
 * notifications were emptied hears which.
 */
export async function publishErasures(ctx: AppContext, erased: ErasedCopies) {
  for (const r of erased.redacted)
    await publishToRoom(ctx, r.room_id, {
      type: 'edit',
      id: r.id,
      message: ASSISTANT_TEXTS.answerRedacted,
      edited_at: r.edited_at,
      edit_count: r.edit_count,
    });
  await publishErasedNotices(ctx, erased.notices);
}
