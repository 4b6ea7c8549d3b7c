import type { Room } from '../../db/schema';

/** Who asks: the id, and whether ADMIN_USERNAMES names them an operator (unknown counts as no). */
export interface Actor {
  id: number;
  isOperator?: boolean;
}

/**
 * The actor's membership of the room, if any. `banned`: a ban that has not ended
 * (docs/moderation.md); the user is not a member then, and no rule below lets them in.
 */
export type Membership = { role: 'owner' | 'member' | 'banned' } | undefined;

type RoomRules = Pick<Room, 'kind' | 'is_public_readable' | 'is_write_gated' | 'owner_id'>;

/**
 * The membership the rules see, from a membership row's role and whether a ban holds now: a ban
 * outweighs a membership (banning removes it; an owner is never banned).
 */
export const membershipOf = (role: 'owner' | 'member' | null | undefined, banId: unknown): Membership =>
  banId !== null && banId !== undefined ? { role: 'banned' } : role ? { role } : undefined;

/** A member of the room (a ban is no membership). */
export const isMember = (m: Membership): boolean => m !== undefined && m.role !== 'banned';

/** Banned from the room until the ban ends: not reading, writing or joining. */
export const isBanned = (m: Membership): boolean => m?.role === 'banned';

const isOpenTreeRoom = (room: RoomRules) => room.kind === 'public' && room.is_public_readable === 1;

const isOwner = (actor: Actor, room: RoomRules, m: Membership) =>
  m?.role === 'owner' || (room.owner_id === actor.id && !isBanned(m));

/**
 * A conversation (a DM, a group, an assistant's private room) that the actor is not in does not
 * exist for them: it is answered as an unknown room, so nobody learns who talks with whom
 * (docs/dms.md). A ban is the banned user's to know (docs/moderation.md).
 */
export const isHiddenFrom = (_actor: Actor, room: RoomRules, m: Membership): boolean =>
  room.kind !== 'public' && !isMember(m) && !isBanned(m);

/** Members read; others only tree rooms that are publicly readable. DM and group rooms never are. */
export const canRead = (_actor: Actor, room: RoomRules, m: Membership): boolean =>
  isMember(m) || (isOpenTreeRoom(room) && !isBanned(m));

/** Members write; in a public room that is not write-gated any reader writes too. */
export const canWrite = (_actor: Actor, room: RoomRules, m: Membership): boolean =>
  isMember(m) || (isOpenTreeRoom(room) && room.is_write_gated === 0 && !isBanned(m));

/** Anyone may join a publicly readable tree room; people are added to members-only, group and DM rooms. */
export const canJoin = (_actor: Actor, room: RoomRules, m: Membership): boolean =>
  isMember(m) || (isOpenTreeRoom(room) && !isBanned(m));

/** A write by a non-member that joins first: write-gated public rooms join automatically (docs/rooms.md). */
export const joinsOnWrite = (actor: Actor, room: RoomRules, m: Membership): boolean =>
  !canWrite(actor, room, m) && !isMember(m) && canJoin(actor, room, m);

/** Writing, possibly after the automatic join. */
export const canWriteOrJoin = (actor: Actor, room: RoomRules, m: Membership): boolean =>
  canWrite(actor, room, m) || joinsOnWrite(actor, room, m);

/** Sending a message or a reply: a reader who writes, possibly after the automatic join. */
export const canSend = (actor: Actor, room: RoomRules, m: Membership): boolean =>
  canRead(actor, room, m) && canWriteOrJoin(actor, room, m);

/** Anyone who may send may react; a reaction joins a write-gated room the same way. */
export const canReact = (actor: Actor, room: RoomRules, m: Membership): boolean => canSend(actor, room, m);

/** Editing one's own message needs the write right itself: an edit never joins. */
export const canEditOwn = (actor: Actor, room: RoomRules, m: Membership): boolean =>
  canRead(actor, room, m) && canWrite(actor, room, m);

/** Deleting one's own message: whoever still reads the room (docs/chat.md). */
export const canDeleteOwn = (actor: Actor, room: RoomRules, m: Membership): boolean =>
  canRead(actor, room, m);

/** Deleting anyone's message: the owner of a tree room; in DMs and groups only authors delete. */
export const canDeleteAny = (actor: Actor, room: RoomRules, m: Membership): boolean =>
  room.kind === 'public' && canRead(actor, room, m) && isOwner(actor, room, m);

/**
 * Pinning and unpinning messages: a reader who owns the room (a tree room's owner, a group's
 * creator) or moderates it (operators); in a DM, which has no owner, both people.
 */
export const canPin = (actor: Actor, room: RoomRules, m: Membership): boolean =>
  canRead(actor, room, m) && (isOwner(actor, room, m) || room.kind === 'dm' || actor.isOperator === true);

/** A non-member who may join (members have nothing left to join). */
export const canJoinAsNew = (actor: Actor, room: RoomRules, m: Membership): boolean =>
  !isMember(m) && canJoin(actor, room, m);

/** Tree rooms show their details to everyone logged in (members-only ones too); others to members. */
export const canViewDetails = (_actor: Actor, room: RoomRules, m: Membership): boolean =>
  room.kind === 'public' || isMember(m);

/** The member list: only for rooms that are not publicly readable, and only to their readers. */
export const canSeeMembers = (actor: Actor, room: RoomRules, m: Membership): boolean =>
  room.is_public_readable === 0 && canRead(actor, room, m);

/** The owner, or any member of a group room. An assistant room keeps its name. */
export const canRename = (actor: Actor, room: RoomRules, m: Membership): boolean =>
  room.kind !== 'assistant' && (isOwner(actor, room, m) || (room.kind === 'group' && isMember(m)));

/**
 * Adding people: a group's owners (docs/dms.md); in a members-only tree room its owner or an
 * operator (docs/rooms.md, "Members"). Nobody adds people to a publicly readable tree room (they
 * join it themselves), a DM or an assistant room.
 */
export const canAddMembers = (actor: Actor, room: RoomRules, m: Membership): boolean =>
  room.kind === 'group'
    ? isMember(m) && isOwner(actor, room, m)
    : room.kind === 'public' &&
      room.is_public_readable === 0 &&
      (isOwner(actor, room, m) || (actor.isOperator === true && !isBanned(m)));

/** Any member leaves a group; a DM, a tree room's membership and an assistant room are left otherwise or not at all. */
export const canLeave = (_actor: Actor, room: RoomRules, m: Membership): boolean =>
  room.kind === 'group' && isMember(m);

/** The owner only; an assistant room always has its bot. */
export const canSetBotAllowed = (actor: Actor, room: RoomRules, m: Membership): boolean =>
  room.kind !== 'assistant' && isOwner(actor, room, m);

/**
 * Whether a bot may post in the room: in an assistant room only the room's own bot (a member),
 * elsewhere only where the owner allowed bots (docs/assistants.md). Every bot post checks this.
 */
export const botsMayPost = (
  room: Pick<Room, 'kind' | 'is_bot_allowed'>,
  botMembership: Membership,
): boolean => (room.kind === 'assistant' ? botMembership !== undefined : room.is_bot_allowed === 1);
