import type {
  MessageFrame,
  MessageRights,
  NotificationServerFrame,
  RoomServerFrame,
} from '@studium/protocol';

/**
 * A room frame as it is published: a new message goes without the reader's rights, which each
 * socket gets for its own reader (hub.ts).
 */
export type PublishedRoomFrame =
  Exclude<RoomServerFrame, MessageFrame> | Omit<MessageFrame, keyof MessageRights>;

/**
 * What crosses the bus between server processes. Topics name the audience: a room's sockets,
 * or one user's sockets (on any server).
 */
export type RealtimeEvent =
  | {
      kind: 'room';
      room_id: number;
      frame: PublishedRoomFrame;
      /**
       * Who caused the frame: their own sockets get `client_id` echoed so a retrying client can
       * match its send.
       */
      author_id?: number;
      client_id?: string;
      /**
       * A new message's rights for its author's sockets, decided when it was published; every
       * other socket gets its reader's rights over others' messages (hub.ts).
       */
      author_rights?: MessageRights;
      /** Users whose sockets skip this frame, on every server (typing between blocked users). */
      except_user_ids?: number[];
    }
  /** A frame for one user's notification sockets, wherever they are connected. */
  | { kind: 'user'; user_id: number; frame: NotificationServerFrame }
  | { kind: 'session_ended'; user_id: number; session_id: number }
  /** The user may no longer read the room (removed or banned): their sockets of it close. */
  | { kind: 'room_access_ended'; user_id: number; room_id: number }
  /**
   * The user's read state of a room may have changed: the servers holding their notification
   * sockets read it again (coalesced per room) and send a `read_state` frame (docs/unread.md).
   */
  | { kind: 'read_state'; user_id: number; room_id: number }
  /** A user's presence may have changed: watching servers read it again (docs/presence.md). */
  | { kind: 'presence'; user_id: number }
  /** What others see of a user's profile has changed: watching servers tell the watchers (docs/presence.md). */
  | { kind: 'profile'; user_id: number };

export const roomTopic = (roomId: number) => `room:${roomId}`;
export const userTopic = (userId: number) => `user:${userId}`;
export const presenceTopic = (userId: number) => `presence:${userId}`;
