import type { Room } from '../../db/schema';
import type { Actor, Membership } from '../rooms/rooms.policy';

/** Who asks, with whether the server names them an operator (ADMIN_USERNAMES). */
export interface Moderator extends Actor {
  isOperator: boolean;
}

type RoomRules = Pick<Room, 'kind' | 'owner_id'>;

/** The owner of a tree room moderates it; operators moderate every room. */
export const canModerateRoom = (actor: Moderator, room: RoomRules, m: Membership): boolean =>
  actor.isOperator || (room.kind === 'public' && (room.owner_id === actor.id || m?.role === 'owner'));

/** A report about a user (no room) is for operators only; a message's report for its room's moderators. */
export const canModerateReport = (actor: Moderator, room: RoomRules | undefined, m: Membership): boolean =>
  room ? canModerateRoom(actor, room, m) : actor.isOperator;

/** Warning the reported user, on a report one moderates: anyone but oneself. */
export const canWarn = (actor: Moderator, targetId: number) => targetId !== actor.id;

/** Removing or banning someone from a room: never its owner, never oneself. */
export const canRemoveFromRoom = (actor: Moderator, room: RoomRules, m: Membership, targetId: number) =>
  canModerateRoom(actor, room, m) && targetId !== actor.id && room.owner_id !== targetId;
