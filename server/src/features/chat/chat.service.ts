import {
  BLOCKS_TEXTS,
  CHAT_TEXTS,
  type ChatMessage,
  type HistoryQuery,
  type HistoryResponse,
  type Mention,
  type MessageHistoryResponse,
  type MessageRights,
  type MessageVersion,
} from '@studium/protocol';
import type { AppContext, CurrentUser } from '../../context';
import { nowIso } from '../../db/dialect';
import type { Executor, Message, Room } from '../../db/schema';
import { Conflict, Forbidden, Invalid, NotFound, RateLimited } from '../../lib/errors';
import { enforceRate } from '../../lib/rate-limiter';
import { publishToRoom } from '../../realtime/publish';
import {
  eraseMessageAttachments,
  listMessageAttachments,
  removeAttachmentFiles,
} from '../attachments/attachments.service';
import { hasBlockerInRoom, listHiddenAuthors } from '../blocks/blocks.service';
import { countReceivedReactions } from '../rankings/rankings.counters';
import * as policy from '../rooms/rooms.policy';
import {
  addMembers,
  findRoomAccess,
  getReadableRoom,
  getRoomAccess,
  type RoomAccess,
} from '../rooms/rooms.service';
import { mayDelete, mayEdit, messageRights, othersMessageRights } from './chat.policy';
import { groupReactions, presentMessage } from './chat.presenter';
import * as repo from './chat.repository';
import { eraseCopiesOf, publishErasures } from './erasure.service';
import { postMessage, publishMessageEvents } from './post-message';

const t = CHAT_TEXTS.chat;

export interface NewMessage {
  content: string;
  reply_to?: number | null;
  mentions?: Mention[];
  client_id?: string | null;
  /** Ids of the author's unsent uploads to the room; with some, the text may be empty. */
  attachments?: string[];
}

export interface SendResult {
  message: ChatMessage;
  /** False when the client_id was seen before: the stored message is returned, nothing new is sent. */
  created: boolean;
}

/** A page of history, oldest first: the latest, or before, after or around a message (docs/chat.md). */
export async function listHistory(
  ctx: AppContext,
  user: CurrentUser,
  ref: string | number,
  query: HistoryQuery,
): Promise<HistoryResponse> {
  const access = await getReadableRoom(ctx.db, user, ref);
  const { room } = access;
  const { limit } = query;
  let page: PageRow[];
  let hasMore: boolean;
  let hasMoreAfter: boolean;
  if (query.around !== undefined) {
    const anchor = await repo.findMessage(ctx.db, query.around);
    if (!anchor || anchor.room_id !== room.id) throw new NotFound(t.messageNotFound);
    // The anchor and up to half the page before it, the rest after it.
    const olderLimit = Math.floor((limit - 1) / 2) + 1;
    const newerLimit = limit - olderLimit;
    const [older, newer] = await Promise.all([
      repo.listRoomMessages(ctx.db, room.id, anchor.id + 1, olderLimit),
      repo.listNewerMessages(ctx.db, room.id, anchor.id, newerLimit),
    ]);
    hasMore = older.length > olderLimit;
    hasMoreAfter = newer.length > newerLimit;
    page = [...older.slice(0, olderLimit).reverse(), ...newer.slice(0, newerLimit)];
  } else if (query.after !== undefined) {
    const [newer, older] = await Promise.all([
      repo.listNewerMessages(ctx.db, room.id, query.after, limit),
      repo.hasMessageBeyond(ctx.db, room.id, query.after + 1, 'older'),
    ]);
    hasMoreAfter = newer.length > limit;
    page = newer.slice(0, limit);
    hasMore = older;
  } else {
    const [rows, newer] = await Promise.all([
      repo.listRoomMessages(ctx.db, room.id, query.before, limit),
      query.before !== undefined && repo.hasMessageBeyond(ctx.db, room.id, query.before - 1, 'newer'),
    ]);
    hasMore = rows.length > limit;
    page = rows.slice(0, limit).reverse();
    hasMoreAfter = newer;
  }
  // What the page's messages carry, read side by side: on PostgreSQL each read is a round trip.
  const ids = page.map((m) => m.id);
  const [reactionRows, mentions, hidden, attachments] = await Promise.all([
    ids.length > 0 ? repo.countReactions(ctx.db, ids) : [],
    repo.listMentionedUsernames(ctx.db, ids),
    listHiddenAuthors(
      ctx.db,
      user.id,
      page.map((m) => m.user_id),
    ),
    listMessageAttachments(ctx.db, ids),
  ]);
  const reactions = groupReactions(reactionRows);
  return {
    messages: page.map((row) => ({
      ...presentMessage(row, reactions.get(row.id), mentions.get(row.id), attachments.get(row.id)),
      hidden: (row.user_id !== null && hidden.get(row.user_id)) || null,
      ...messageRights(user, access, row),
    })),
    has_more: hasMore,
    has_more_after: hasMoreAfter,
  };
}

type PageRow = Awaited<ReturnType<typeof repo.listRoomMessages>>[number];

/** The room of a message, when the user may read it; an unreadable message does not exist for them. */
export async function getReadableMessage(
  ctx: AppContext,
  user: CurrentUser,
  messageId: number,
): Promise<{ message: Message } & RoomAccess> {
  const message = await repo.findMessage(ctx.db, messageId);
  if (!message) throw new NotFound(t.messageNotFound);
  // A message of a room the user may not read is answered as one that never was, whatever the
  // room: an id is no way to learn which messages are in conversations one is not in (docs/dms.md).
  const access = await findRoomAccess(ctx.db, user, message.room_id);
  if (!access || !policy.canRead(user, access.room, access.membership)) throw new NotFound(t.messageNotFound);
  return { message, ...access };
}

/**
 * The room a live connection names, whether the user may read it and their rights over the new
 * messages of others that it will carry; null when there is no such room.
 */
export async function findRoomSocketAccess(db: Executor, user: CurrentUser, ref: string | number) {
  const access = await findRoomAccess(db, user, ref);
  // A conversation the user is not in is no room to them (docs/dms.md).
  if (access && policy.isHiddenFrom(user, access.room, access.membership)) return null;
  return (
    access && {
      roomId: access.room.id,
      canRead: policy.canRead(user, access.room, access.membership),
      othersMessages: othersMessageRights(user, access),
    }
  );
}

/** Writing as a non-member of a write-gated public room joins it first (docs/rooms.md). */
export function assertCanSend(user: CurrentUser, { room, membership }: RoomAccess) {
  if (!policy.canSend(user, room, membership)) throw new Forbidden(t.noPermission);
}

/** Joins the room when writing needs it; answers the access as it stands after the write. */
export async function joinIfNeeded(
  trx: Executor,
  user: CurrentUser,
  access: RoomAccess,
  at: string,
): Promise<RoomAccess> {
  const { room, membership } = access;
  if (!policy.joinsOnWrite(user, room, membership)) return access;
  await addMembers(trx, room.id, [{ userId: user.id, role: 'member' }], at);
  return { room, membership: { role: 'member' } };
}

/** Stores a message and sends it to the room; one function for the socket and the REST fallback. */
export async function sendMessage(
  ctx: AppContext,
  user: CurrentUser,
  ref: string | number,
  input: NewMessage,
): Promise<SendResult> {
  const clientId = input.client_id ?? null;
  const attachmentIds = input.attachments ?? [];
  // A message says something or carries something (docs/attachments.md).
  if (input.content === '' && attachmentIds.length === 0)
    throw new Invalid(t.messageRequired, { content: t.messageRequired });
  // A retried client_id is caught by the unique index at insert time (below), which saves a
  // lookup on every send; only a retry that meets the rate limit is looked up here.
  try {
    await enforceRate(ctx.limiter, `message:user:${user.id}`, ctx.config.rateLimits.message);
  } catch (err) {
    const retried =
      err instanceof RateLimited && clientId
        ? await repo.findMessageByClientId(ctx.db, user.id, clientId)
        : undefined;
    const access = retried && (await findRoomAccess(ctx.db, user, retried.room_id));
    if (retried && access && policy.canSend(user, access.room, access.membership))
      return { message: await presentFor(ctx, user, retried, access), created: false };
    throw err;
  }
  let targetRoomId: number | undefined;
  const replyTo = input.reply_to ?? null;
  const at = nowIso();
  // The room is read in the write's own transaction: the rules are checked against what is committed with it.
  // Sends run side by side in a batch (PostgreSQL), their room reads and inserts sent once for all
  // of them; what two sends could clash on (a join, an attachment, a reply to a message of the
  // same batch) fails the batch, which then decides each send alone.
  const sent = await ctx.writer.run(
    async (trx) => {
      const access = await getRoomAccess(trx, user, ref);
      assertCanSend(user, access);
      targetRoomId = access.room.id;
      await assertNotBlockedInDm(trx, user, access.room);
      const parent = replyTo === null ? undefined : await assertReplyInRoom(trx, replyTo, access.room);
      const written = await joinIfNeeded(trx, user, access, at);
      return postMessage(trx, {
        room: access.room,
        author: user,
        // The author's rights over the new message, as its answer and their sockets carry them.
        authorRights: messageRights(user, written, { user_id: user.id, deleted_at: null }),
        kind: 'person',
        content: input.content,
        at,
        replyTo: parent ?? null,
        clientId,
        mentions: input.mentions,
        attachments: attachmentIds,
      });
    },
    { alongside: true },
  );
  if (sent === undefined) {
    // The same client_id was stored before (a retry, or a race with this send): answer with the
    // stored message, of this room only and while the author may still write there, so a client_id
    // is no way to read a message of a room one was removed or banned from since (docs/chat.md).
    const stored = clientId ? await repo.findMessageByClientId(ctx.db, user.id, clientId) : undefined;
    if (!stored || stored.room_id !== targetRoomId) throw new Conflict(t.sendFailed);
    const access = await getRoomAccess(ctx.db, user, stored.room_id);
    assertCanSend(user, access);
    return { message: await presentFor(ctx, user, stored, access), created: false };
  }
  const rights = await publishMessageEvents(ctx, sent.events);
  return { message: { ...sent.message, ...rights }, created: true };
}

/**
 * A DM whose other member blocked the sender takes nothing from them, a message, an edit, a
 * reaction or a pin: it is refused before anything is stored, with a text that does not say why
 * (docs/blocks.md).
 */
export async function assertNotBlockedInDm(trx: Executor, user: CurrentUser, room: Room) {
  if (room.kind === 'dm' && (await hasBlockerInRoom(trx, room.id, user.id)))
    throw new Forbidden(BLOCKS_TEXTS.cannotMessage);
}

async function assertReplyInRoom(db: Executor, replyTo: number, room: Room): Promise<Message> {
  const parent = await repo.findMessage(db, replyTo);
  if (!parent || parent.room_id !== room.id)
    throw new Invalid(t.replyOtherRoom, { reply_to: t.replyOtherRoom });
  return parent;
}

/** A stored message as `user` is answered it: with their rights over it. */
async function presentFor(
  ctx: AppContext,
  user: CurrentUser,
  message: Message,
  access?: RoomAccess,
): Promise<ChatMessage> {
  const known = access ?? (await getRoomAccess(ctx.db, user, message.room_id));
  return presentStored(ctx, message, messageRights(user, known, message));
}

async function presentStored(ctx: AppContext, message: Message, rights: MessageRights): Promise<ChatMessage> {
  const reactions = groupReactions(await repo.countReactions(ctx.db, [message.id]));
  const author = await repo.findAuthor(ctx.db, message.user_id);
  const mentions = await repo.listMentionedUsernames(ctx.db, [message.id]);
  const replyCount = await repo.countReplies(ctx.db, message.id);
  const attachments = await listMessageAttachments(ctx.db, [message.id]);
  const shared = presentMessage(
    {
      ...message,
      username: author?.username ?? null,
      is_bot: author?.is_bot ?? null,
      reply_count: replyCount,
    },
    reactions.get(message.id),
    mentions.get(message.id),
    attachments.get(message.id),
  );
  return { ...shared, ...rights };
}

/** Changes a message's text (author only), keeping the previous text in the edit history. */
export async function editMessage(
  ctx: AppContext,
  user: CurrentUser,
  messageId: number,
  content: string,
  clientId?: string | null,
): Promise<{ message: ChatMessage; changed: boolean }> {
  const { message, ...access } = await getReadableMessage(ctx, user, messageId);
  assertNotDeleted(message);
  if (!mayEdit(user, access, message))
    throw new Forbidden(message.user_id === user.id ? t.noPermission : t.onlyAuthorEdits);
  await assertNotBlockedInDm(ctx.db, user, access.room);
  if (content === message.content)
    return { message: await presentFor(ctx, user, message, access), changed: false };
  await enforceRate(ctx.limiter, `message:user:${user.id}`, ctx.config.rateLimits.message);
  const at = nowIso();
  const updated = await ctx.writer.run(async (trx) => {
    if (!(await repo.updateMessageContent(trx, message.id, message.edit_count, content, at))) return false;
    await repo.insertEdit(trx, message.id, message.content, at);
    return true;
  });
  // Another edit of the same message committed first; the author retries on the fresh text.
  if (!updated) throw new Conflict(t.editConflict);
  const edited = { ...message, content, edited_at: at, edit_count: message.edit_count + 1 };
  // The author's sockets get the edit's client_id, so a retrying client can match its edit.
  await publishToRoom(
    ctx,
    message.room_id,
    {
      type: 'edit',
      id: message.id,
      message: content,
      edited_at: at,
      edit_count: edited.edit_count,
    },
    { authorId: user.id, clientId },
  );
  return { message: await presentFor(ctx, user, edited, access), changed: true };
}

/** A deleted message takes no edit or reaction. */
export function assertNotDeleted(message: Message) {
  if (message.deleted_at !== null) throw new Conflict(t.wasDeleted);
}

/**
 * Deletes a message (docs/chat.md): its author, or the owner of a tree room. The text, mentions,
 * reactions and edit history are erased from the database; the row stays as a tombstone so replies
 * and paging keep their place. Deleting a deleted message answers the same tombstone.
 */
export async function deleteMessage(
  ctx: AppContext,
  user: CurrentUser,
  messageId: number,
): Promise<ChatMessage> {
  const { message, ...access } = await getReadableMessage(ctx, user, messageId);
  if (!mayDelete(user, access, message)) throw new Forbidden(t.cannotDelete);
  return presentFor(ctx, user, await eraseMessage(ctx, message), access);
}

/**
 * Erases a message the caller was allowed to delete (the author, the room's owner, a moderator),
 * with every copy of its text (`eraseCopiesOf`), and announces it to the room; returns the
 * tombstone (a message already deleted is only returned).
 */
export async function eraseMessage(ctx: AppContext, message: Message): Promise<Message> {
  if (message.deleted_at !== null) return message;
  const at = nowIso();
  const erased = await ctx.writer.run(async (trx) => {
    if (!(await repo.eraseMessage(trx, message.id, at))) return null;
    const files = await eraseMessageAttachments(trx, message.id);
    for (const reaction of await repo.deleteReactionsOf(trx, message.id))
      await countReceivedReactions(
        trx,
        { authorId: message.user_id, reactorId: reaction.user_id, givenAt: reaction.created_at },
        -1,
        ctx.config.rankings.pairDailyLimit,
      );
    return { files, copies: await eraseCopiesOf(trx, [message.id], at) };
  });
  if (erased) await removeAttachmentFiles(ctx, erased.files);
  const stored = (await repo.findMessage(ctx.db, message.id)) ?? message;
  // Only the deletion that erased the message announces it; a concurrent one answers the tombstone.
  if (erased)
    await publishToRoom(ctx, message.room_id, {
      type: 'message_deleted',
      id: message.id,
      room: message.room_id,
      deleted_at: stored.deleted_at ?? at,
      reply_to: message.reply_to,
    });
  if (erased) await publishErasures(ctx, erased.copies);
  return stored;
}

/** A message's versions, the current text first and the original last (`edited_at` null). */
export async function getMessageHistory(
  ctx: AppContext,
  user: CurrentUser,
  messageId: number,
): Promise<MessageHistoryResponse> {
  const { message } = await getReadableMessage(ctx, user, messageId);
  if (message.deleted_at !== null) throw new NotFound(t.messageNotFound);
  const edits = await repo.listEdits(ctx.db, message.id);
  // Edit n replaced content_before; that text had appeared with edit n-1 (the original with none).
  const versions: MessageVersion[] = edits.map((edit, i) => ({
    message: edit.content_before,
    edited_at: i === 0 ? null : edits[i - 1]!.edited_at,
  }));
  versions.push({
    message: message.content,
    edited_at: edits.length > 0 ? edits[edits.length - 1]!.edited_at : null,
  });
  return { versions: versions.reverse() };
}

// What other features use of this one's storage: they import it from here, never from the
// repository (scripts/feature-graph.test.mjs).
export { findMessage } from './chat.repository';
export { hasErasedMessage, insertQuotes } from './quotes.repository';
