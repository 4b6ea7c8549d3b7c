import {
  BLOCKS_TEXTS,
  DMS_TEXTS,
  type Conversation,
  type ConversationRoomResponse,
  type CreateGroupBody,
} from '@studium/protocol';
import { randomBytes } from 'node:crypto';
import type { AppContext, CurrentUser } from '../../context';
import { isUniqueViolation, nowIso } from '../../db/dialect';
import type { Executor, NewRoom } from '../../db/schema';
import { Forbidden, Invalid, NotFound } from '../../lib/errors';
import { enforceRate } from '../../lib/rate-limiter';
import { publishRoomChanged } from '../../realtime/publish';
import { presentReadState } from '../read-states/read-states.presenter';
import { hasBlocked, listBlockersOf, listHiddenAuthors } from '../blocks/blocks.service';
import {
  listUnreadByRoom,
  notifyRoomEvent,
  publishNotifications,
} from '../notifications/notifications.service';
import { findRoomByPath } from '../rooms/rooms.service';
import { createRoom, moveRoomPath } from '../rooms/rooms.service';
import { compareConversations, presentConversation } from './dms.presenter';
import * as repo from './dms.repository';

const t = DMS_TEXTS;

/** `dm:<a>:<b>`, the two lower-cased usernames sorted (docs/rooms.md). */
export const dmPath = (a: string, b: string): string =>
  `dm:${[a.toLowerCase(), b.toLowerCase()].sort().join(':')}`;

// DM and group rooms live outside the tree: no parent, never publicly readable, no bots.
const conversationRoom = (
  fields: Pick<NewRoom, 'name' | 'path' | 'kind' | 'owner_id'>,
  at: string,
): NewRoom => ({
  ...fields,
  slug: fields.path,
  parent_id: null,
  depth: 0,
  topic: '',
  description: '',
  is_bot_allowed: 0,
  is_public_readable: 0,
  is_write_gated: 1,
  last_message_at: null,
  created_at: at,
});

/** The user's DM and group conversations, newest activity first. */
export async function listConversations(ctx: AppContext, user: CurrentUser): Promise<Conversation[]> {
  const [rows, unread, members, hidden] = await Promise.all([
    repo.listConversationRooms(ctx.db, user.id),
    listUnreadByRoom(ctx.db, user.id),
    repo.listGroupMembers(ctx.db, user.id),
    // Every author the viewer blocked or muted, read beside the rows: the list's authors are as many
    // as its conversations, and looking them up after the rows measured slower (docs/benchmarks.md).
    listHiddenAuthors(ctx.db, user.id),
  ]);
  // The preview of a blocked or muted author's message is collapsed like the message itself.
  const preview = (row: (typeof rows)[number]) => {
    const reason = row.last_author_id === null ? undefined : hidden.get(row.last_author_id);
    if (!reason) return row;
    return {
      ...row,
      last_message: reason === 'blocked' ? BLOCKS_TEXTS.blockedMessage : BLOCKS_TEXTS.mutedMessage,
    };
  };
  return rows
    .map((row) =>
      presentConversation(preview(row), unread.get(row.id), members.get(row.id), presentReadState(row)),
    )
    .sort(compareConversations);
}

/** Opens the DM room with `username`, or returns the existing one (either direction, any number of times). */
export async function openDm(
  ctx: AppContext,
  user: CurrentUser,
  username: string,
): Promise<ConversationRoomResponse> {
  if (username.toLowerCase() === user.username.toLowerCase())
    throw new Invalid(t.cannotMessageSelf, { username: t.cannotMessageSelf });
  const [other] = await repo.findUsersByUsernames(ctx.db, [username]);
  if (!other) throw new NotFound(t.userNotFound);
  // Someone who blocked the caller is not reachable, and the refusal does not say why.
  if (await hasBlocked(ctx.db, other.id, user.id)) throw new Forbidden(BLOCKS_TEXTS.cannotMessage);
  const path = dmPath(user.username, other.username);
  const existing = await findRoomByPath(ctx.db, path);
  if (existing && (await isDmOf(ctx.db, existing.id, [user.id, other.id]))) return { room: existing.id };
  await enforceRate(ctx.limiter, `conversation:user:${user.id}`, ctx.config.rateLimits.conversation);
  try {
    const room = await ctx.writer.run((trx) => findOrCreateDm(trx, user, other, nowIso()));
    // Both lists gain the conversation at once, before its first message (the caller's other tabs too).
    await publishRoomChanged(ctx, [other.id, user.id], { room, change: 'joined', name: path });
    return { room };
  } catch (err) {
    // Both sides opened the conversation at once: the other request created it.
    const raced = isUniqueViolation(err) ? await findRoomByPath(ctx.db, path) : undefined;
    if (!raced) throw err;
    return { room: raced.id };
  }
}

async function isDmOf(db: Executor, roomId: number, userIds: number[]): Promise<boolean> {
  const current = await repo.listMemberIds(db, roomId);
  return userIds.every((id) => current.includes(id));
}

/**
 * The DM room of two users, made in the caller's unit if there is none, so a unit that fails
 * later (a tutoring accept) leaves no room behind.
 */
export async function findOrCreateDm(
  trx: Executor,
  a: { id: number; username: string },
  b: { id: number; username: string },
  at: string,
): Promise<number> {
  const path = dmPath(a.username, b.username);
  const existing = await findRoomByPath(trx, path);
  if (existing) {
    if (await isDmOf(trx, existing.id, [a.id, b.id])) return existing.id;
    // One side deleted their account and someone registered the name again: the newcomer must
    // not read the old conversation. It keeps its history under another path; a new room starts.
    await moveRoomPath(trx, existing.id, `${path}~${existing.id}`);
  }
  return createRoom(
    trx,
    conversationRoom({ name: path, path, kind: 'dm', owner_id: null }, at),
    [a, b].map((u) => ({ userId: u.id, role: 'member' as const })),
  );
}

/** A new group room with its members, in the caller's unit (a group conversation, or a matched study party). */
export async function insertGroupRoom(
  trx: Executor,
  group: { name: string; ownerId: number; members: Array<{ userId: number; role: 'owner' | 'member' }> },
  at: string,
): Promise<number> {
  const path = `group:${randomBytes(9).toString('base64url')}`;
  return createRoom(
    trx,
    conversationRoom({ name: group.name, path, kind: 'group', owner_id: group.ownerId }, at),
    group.members,
  );
}

/** Creates a group conversation with the caller as owner and the listed users as members. */
export async function createGroup(
  ctx: AppContext,
  user: CurrentUser,
  body: CreateGroupBody,
): Promise<ConversationRoomResponse> {
  const wanted = body.usernames.map((u) => u.toLowerCase());
  if (wanted.includes(user.username.toLowerCase()))
    throw new Invalid(t.cannotAddSelf, { usernames: t.cannotAddSelf });
  const found = await repo.findUsersByUsernames(ctx.db, wanted);
  const missing = body.usernames.filter((u) => !found.some((f) => f.username_lower === u.toLowerCase()));
  if (missing.length > 0)
    throw new Invalid(t.unknownMembers(missing), { usernames: t.unknownMembers(missing) });
  const blockers = new Set(
    await listBlockersOf(
      ctx.db,
      user.id,
      found.map((f) => f.id),
    ),
  );
  if (blockers.size > 0) {
    const names = found.filter((f) => blockers.has(f.id)).map((f) => f.username);
    throw new Invalid(BLOCKS_TEXTS.cannotAdd(names), { usernames: BLOCKS_TEXTS.cannotAdd(names) });
  }
  await enforceRate(ctx.limiter, `conversation:user:${user.id}`, ctx.config.rateLimits.conversation);
  const at = nowIso();
  const { room, notifications } = await ctx.writer.run(async (trx) => {
    const id = await insertGroupRoom(
      trx,
      {
        name: body.name,
        ownerId: user.id,
        members: [
          { userId: user.id, role: 'owner' },
          ...found.map((f) => ({ userId: f.id, role: 'member' as const })),
        ],
      },
      at,
    );
    const added = await notifyRoomEvent(
      trx,
      { kind: 'group_added', room: { id, name: body.name }, actor: user, at },
      found.map((f) => f.id),
    );
    return { room: id, notifications: added };
  });
  // The people added hear of the group live (a notification, not a mention: docs/dms.md); every
  // member's list gains it, the owner's other tabs included.
  await publishNotifications(ctx, notifications);
  await publishRoomChanged(ctx, [user.id, ...found.map((f) => f.id)], {
    room,
    change: 'joined',
    name: body.name,
  });
  ctx.log.info({ roomId: room, userId: user.id, members: found.length }, 'group created');
  return { room };
}

// What other features use of this one's storage: they import it from here, never from the
// repository (scripts/feature-graph.test.mjs).
export { findUsersByUsernames } from './dms.repository';
