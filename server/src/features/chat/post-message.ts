import { CHAT_LIMITS, typedMentionHandles, type Mention, type MessageRights } from '@studium/protocol';
import type { AppContext, CurrentUser } from '../../context';
import type { Executor, Room } from '../../db/schema';
import { publishToRoom } from '../../realtime/publish';
import { claimAttachments, listMessageAttachments } from '../attachments/attachments.service';
import {
  notifyMessage,
  publishNotifications,
  type PendingNotification,
} from '../notifications/notifications.service';
import { findRoomAccess } from '../rooms/rooms.service';
import { messageRights } from './chat.policy';
import { presentMessage, type SharedMessage } from './chat.presenter';
import * as repo from './chat.repository';

/** Who speaks: a person, an assistant bot, or the product itself (a match's welcome, a tutoring note). */
export type MessageKind = 'person' | 'bot' | 'system';

/** A message to store, with everything its room's rules were checked against by the caller. */
export interface PostMessageInput {
  room: Room;
  author: CurrentUser;
  kind: MessageKind;
  content: string;
  at: string;
  /** The message answered, already checked to be in the room; its author hears of the reply. */
  replyTo?: { id: number; user_id: number | null } | null;
  clientId?: string | null;
  /** Mentions as picked; `@handles` typed in the text count too. */
  mentions?: Mention[];
  /**
   * The author's rights over the message, when the caller decided them in the unit (a person's
   * send has the room's access at hand); otherwise a person's are read after the commit, and a
   * bot's or the product's are none (they never sign in).
   */
  authorRights?: MessageRights;
  /** Ids of the author's unsent uploads to the room. */
  attachments?: string[];
}

/** What a stored message still has to tell once its unit has committed; `publishMessageEvents` sends it. */
export interface MessageEvents {
  room: Room;
  author: CurrentUser;
  kind: MessageKind;
  message: SharedMessage;
  clientId: string | null;
  notifications: PendingNotification[];
  /** The usernames as picked (unknown ones included), for the bots. */
  picked: string[];
  authorRights?: MessageRights;
}

/**
 * Stores a message in the caller's unit: the one place a message is written (a person's send,
 * a bot's answer, a match's welcome, a tutoring note, the demo data). With it go the room's
 * counters, the mentions, the attachments and the notifications, so every kind of message is
 * searched, counted and notified alike. Returns the message and its events, which the caller
 * publishes with `publishMessageEvents` after commit; undefined when the author's client_id
 * was stored meanwhile (nothing was written).
 */
export async function postMessage(
  trx: Executor,
  input: PostMessageInput,
): Promise<{ message: SharedMessage; events: MessageEvents } | undefined> {
  const { room, author, content, at } = input;
  const replyTo = input.replyTo ?? null;
  const clientId = input.clientId ?? null;
  const id = await repo.insertMessage(trx, {
    room_id: room.id,
    user_id: author.id,
    content,
    reply_to: replyTo?.id ?? null,
    client_id: clientId,
    created_at: at,
  });
  if (id === undefined) return undefined;
  const attachmentIds = input.attachments ?? [];
  await claimAttachments(trx, attachmentIds, { userId: author.id, roomId: room.id }, id);
  await repo.bumpRoomActivity(trx, room.id, at);
  const mentioned = await storeMentions(trx, input, id, room.id, at);
  // The product's own messages put an event into words (a match), and the event has notified
  // its people already: one bell entry for one event.
  const notifications =
    input.kind === 'system'
      ? []
      : await notifyMessage(trx, {
          room,
          author,
          messageId: id,
          content,
          attachmentCount: attachmentIds.length,
          mentionedIds: mentioned.map((m) => m.id),
          replyAuthorId: replyTo?.user_id ?? null,
          at,
        });
  const attachments =
    attachmentIds.length > 0 ? ((await listMessageAttachments(trx, [id])).get(id) ?? []) : [];
  const message = presentMessage(
    {
      id,
      username: author.username,
      content,
      created_at: at,
      reply_to: replyTo?.id ?? null,
      edited_at: null,
      edit_count: 0,
      is_bot: input.kind === 'person' ? 0 : 1,
    },
    {},
    mentioned.map((m) => m.username),
    attachments,
  );
  const picked = (input.mentions ?? []).map((m) => m.username);
  const events: MessageEvents = { room, author, kind: input.kind, message, clientId, notifications, picked };
  if (input.authorRights) events.authorRights = input.authorRights;
  return { message, events };
}

/**
 * The one way a stored message goes out, after its unit has committed: to the room's sockets on
 * every server (which also moves the members' live unread counts), the notifications to their
 * recipients, and a person's message to the bots, which answer on their own afterwards. Each
 * socket hears its reader's rights over the message: the author's as the unit decided them (or
 * read here), the other readers' when their socket opened (realtime/hub.ts). Returns the
 * author's, for their answer.
 */
export async function publishMessageEvents(ctx: AppContext, events: MessageEvents): Promise<MessageRights> {
  const { room, author, message, clientId } = events;
  // Bots and the product's own account cannot sign in, so no socket of theirs hears the rights:
  // they are not read for them. A person's are decided in the send's unit (the seed's are read).
  const rights =
    events.authorRights ?? (events.kind === 'person' ? await authorRights(ctx, room, author) : NO_RIGHTS);
  await publishToRoom(
    ctx,
    room.id,
    { type: 'message', ...message },
    { authorId: author.id, clientId, rights },
  );
  await publishNotifications(ctx, events.notifications);
  if (events.kind === 'person')
    ctx.events.emit('messageSent', {
      room,
      author,
      messageId: message.id,
      content: message.message,
      mentions: events.picked,
    });
  return rights;
}

const NO_RIGHTS: MessageRights = { can_edit: false, can_delete: false };

/**
 * A person's rights over their new message when the unit did not decide them (the demo data),
 * read after the commit: a write that joined the room counts. The message is stored whatever
 * happens here, so a failed read is logged and the message still goes out, without rights (the
 * author's next history page has them).
 */
async function authorRights(ctx: AppContext, room: Room, author: CurrentUser): Promise<MessageRights> {
  try {
    const access = await findRoomAccess(ctx.db, author, room.id);
    return access ? messageRights(author, access, { user_id: author.id, deleted_at: null }) : NO_RIGHTS;
  } catch (err) {
    ctx.log.error({ err, roomId: room.id }, 'message rights lookup failed');
    return NO_RIGHTS;
  }
}

/**
 * The message's mentions (docs/chat.md): the picked ones and every `@handle` typed outside code
 * that names a user, at most `mentionsMax`. Unknown handles are dropped; notifications get the rest.
 */
async function storeMentions(
  trx: Executor,
  input: { content: string; mentions?: Mention[] },
  messageId: number,
  roomId: number,
  at: string,
): Promise<Array<{ id: number; username: string }>> {
  const picked = (input.mentions ?? []).map((m) => m.username);
  const handles = [...picked, ...typedMentionHandles(input.content)].map((u) => u.toLowerCase());
  const usernames = [...new Set(handles)].slice(0, CHAT_LIMITS.mentionsMax);
  if (usernames.length === 0) return [];
  // Someone who blocked the author is mentioned like anyone, so the message does not tell the
  // author of the block; neither their notifications nor their mention counts hear of it
  // (docs/blocks.md).
  const users = await repo.findUsersByUsernames(trx, usernames);
  await repo.insertMentions(
    trx,
    users.map((u) => ({ message_id: messageId, user_id: u.id, room_id: roomId, created_at: at })),
  );
  return users;
}
