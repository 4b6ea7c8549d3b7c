import {
  CHAT_LIMITS,
  CHAT_TEXTS,
  DELETED_USERNAME,
  type PinnedMessage,
  type PinsResponse,
  type UnpinResponse,
} from '@studium/protocol';
import type { AppContext, CurrentUser } from '../../context';
import { nowIso } from '../../db/dialect';
import { Conflict, Forbidden, NotFound } from '../../lib/errors';
import { publishToRoom } from '../../realtime/publish';
import { listHiddenAuthors } from '../blocks/blocks.service';
import * as policy from '../rooms/rooms.policy';
import { asActor, getReadableRoom } from '../rooms/rooms.service';
import { assertNotBlockedInDm, assertNotDeleted, getReadableMessage } from './chat.service';
import { findMessage } from './chat.repository';
import * as repo from './pins.repository';

const t = CHAT_TEXTS.pins;

/** A pin as the list shows it (docs/chat.md, "Pinned messages"). */
export function presentPin(row: repo.PinRow): PinnedMessage {
  return {
    message_id: row.message_id,
    room: row.room_id,
    pinned_at: row.pinned_at,
    pinned_by: row.pinned_by,
    username: row.username ?? DELETED_USERNAME,
    timestamp: row.created_at,
    message: row.content,
    is_bot: row.is_bot === 1,
    attachment_count: Number(row.attachment_count ?? 0),
  };
}

/** The room's pins, newest first, for whoever reads the room (403 to others, as the history). */
export async function listPins(ctx: AppContext, user: CurrentUser, ref: string): Promise<PinsResponse> {
  const { room } = await getReadableRoom(ctx.db, user, ref);
  const rows = await repo.listPins(ctx.db, room.id, CHAT_LIMITS.pinsPerRoom);
  const hidden = await listHiddenAuthors(
    ctx.db,
    user.id,
    rows.map((row) => row.author_id),
  );
  return {
    pins: rows.map((row) => ({
      ...presentPin(row),
      hidden: (row.author_id !== null && hidden.get(row.author_id)) || null,
    })),
  };
}

/**
 * A message the user may read, in a room where they may pin (`can_pin`); 404 when unreadable. A DM
 * whose other member blocked the user takes no pin or unpin from them either (docs/blocks.md).
 */
async function getPinnableMessage(ctx: AppContext, user: CurrentUser, messageId: number) {
  const { message, room, membership } = await getReadableMessage(ctx, user, messageId);
  if (!policy.canPin(asActor(ctx, user), room, membership)) throw new Forbidden(t.cannotPin);
  await assertNotBlockedInDm(ctx.db, user, room);
  return message;
}

/**
 * Pins a message: `created` false when it was pinned already (nothing is announced then). A room
 * holds at most `pinsPerRoom` pins; the count and the insert share a transaction, with the room's
 * row locked on PostgreSQL so two pins at once cannot both take the last place.
 */
export async function pinMessage(
  ctx: AppContext,
  user: CurrentUser,
  messageId: number,
): Promise<{ pin: PinnedMessage; created: boolean }> {
  const message = await getPinnableMessage(ctx, user, messageId);
  assertNotDeleted(message);
  const created = await ctx.writer.run(async (trx) => {
    await repo.lockRoomPins(trx, message.room_id);
    // A deletion that committed since the first read erased the text: a tombstone is not pinned.
    if ((await findMessage(trx, message.id))?.deleted_at) throw new Conflict(CHAT_TEXTS.chat.wasDeleted);
    if (await repo.findPin(trx, message.id)) return false;
    if ((await repo.countPins(trx, message.room_id)) >= CHAT_LIMITS.pinsPerRoom)
      throw new Conflict(t.tooMany);
    return repo.insertPin(trx, {
      message_id: message.id,
      room_id: message.room_id,
      pinned_by: user.id,
      pinned_at: nowIso(),
    });
  });
  const row = await repo.findPin(ctx.db, message.id);
  // Deleted between the insert and this read: the deletion took the pin with it.
  if (!row) throw new NotFound(CHAT_TEXTS.chat.messageNotFound);
  const pin = presentPin(row);
  if (created) await publishToRoom(ctx, message.room_id, { type: 'message_pinned', pin });
  return { pin, created };
}

/** Unpins a message; unpinning one that is not pinned answers the same and announces nothing. */
export async function unpinMessage(
  ctx: AppContext,
  user: CurrentUser,
  messageId: number,
): Promise<UnpinResponse> {
  const message = await getPinnableMessage(ctx, user, messageId);
  const removed = await ctx.writer.run((trx) => repo.deletePin(trx, message.id));
  const answer = { message_id: message.id, room: message.room_id };
  if (removed) await publishToRoom(ctx, message.room_id, { type: 'message_unpinned', ...answer });
  return answer;
}
