import type { MessageRights } from '@studium/protocol';
import type { Message } from '../../db/schema';
import * as policy from '../rooms/rooms.policy';
import type { RoomAccess } from '../rooms/rooms.service';

type MessageRules = Pick<Message, 'user_id' | 'deleted_at'>;

/** Editing a message: its author, where they may still write (an edit never joins). */
export const mayEdit = (actor: policy.Actor, { room, membership }: RoomAccess, message: MessageRules) =>
  message.user_id === actor.id && policy.canEditOwn(actor, room, membership);

/** Deleting a message: its author while they read the room, or the owner of a tree room (docs/chat.md). */
export const mayDelete = (actor: policy.Actor, { room, membership }: RoomAccess, message: MessageRules) =>
  (message.user_id === actor.id && policy.canDeleteOwn(actor, room, membership)) ||
  policy.canDeleteAny(actor, room, membership);

/**
 * What the reader may do to a message, as its answers carry it: the rules editMessage and
 * deleteMessage enforce. A deleted message takes neither (deleting it again only answers its
 * tombstone).
 */
export function messageRights(actor: policy.Actor, access: RoomAccess, message: MessageRules): MessageRights {
  const live = message.deleted_at === null;
  return {
    can_edit: live && mayEdit(actor, access, message),
    can_delete: live && mayDelete(actor, access, message),
  };
}

/** The reader's rights over a new message of someone else: what their live connection tells them. */
export const othersMessageRights = (actor: policy.Actor, access: RoomAccess): MessageRights =>
  messageRights(actor, access, { user_id: null, deleted_at: null });
