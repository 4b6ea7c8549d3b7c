import { createContext, useContext, useMemo } from 'react';
import type { ChatMessage, RoomDetail } from '@studium/protocol';
import { paths } from '../../../config/paths';
import { usePins, useTogglePin } from '../api/pins';
import type { RoomActions } from './use-room-actions';

/**
 * What a message's controls can do in its room: Reply, Edit, React, Delete, Copy link and Pin.
 * Reply, react and pin follow the room's rights; Edit and Delete each message's own
 * (`can_edit`, `can_delete`), all as the server decided them.
 */
export interface MessageActions {
  /** The room's `can_write`: the viewer may reply. */
  canReply: boolean;
  /** The room's `can_react`. */
  canReact: boolean;
  /** The room's `can_pin`. */
  canPin: boolean;
  /** Starts a reply to the message in the composer. */
  reply: (message: ChatMessage) => void;
  /** Starts editing the message in the composer. */
  edit: (message: ChatMessage) => void;
  react: (id: number, emoji: string) => void;
  /** Deletes the message; false when it could not be sent. */
  remove: (id: number) => Promise<boolean>;
  /** An absolute link that opens the room at this message (the `?message=` jump). */
  linkTo: (id: number) => string;
  isPinned: (id: number) => boolean;
  togglePin: (id: number, pinned: boolean) => void;
}

export const MessageActionsContext = createContext<MessageActions | null>(null);

/** The room's message actions, or null where messages have no actions (an assistant's page). */
export const useMessageActionsContext = () => useContext(MessageActionsContext);

/**
 * The absolute address of a message: the app routes in the hash, so the link is this page's
 * address with `#/chat/{room}?message={id}`.
 */
export function messageLink(roomId: number, id: number, location: Pick<Location, 'origin' | 'pathname'>) {
  return `${location.origin}${location.pathname}#${paths.chat.href(roomId)}?message=${id}`;
}

interface MessageActionsOptions {
  room: Pick<RoomDetail, 'id' | 'can_write' | 'can_react' | 'can_pin'>;
  actions: Pick<RoomActions, 'react' | 'remove'>;
  /** The composer's side: what Reply and Edit start. */
  reply: (message: ChatMessage) => void;
  edit: (message: ChatMessage) => void;
}

/** The message actions of one room, for `MessageActionsContext`. */
export function useMessageActions({ room, actions, reply, edit }: MessageActionsOptions): MessageActions {
  const { id: roomId, can_write: canReply, can_react: canReact, can_pin: canPin } = room;
  const { react, remove } = actions;
  const pins = usePins(roomId);
  const { mutate } = useTogglePin(roomId);
  const pinned = useMemo(() => new Set(pins.data?.pins.map((p) => p.message_id)), [pins.data]);
  return useMemo(
    () => ({
      canReply,
      canReact,
      canPin,
      reply,
      edit,
      react: (id: number, emoji: string) => void react(id, emoji),
      remove,
      linkTo: (id: number) => messageLink(roomId, id, window.location),
      isPinned: (id: number) => pinned.has(id),
      togglePin: (id: number, isPinned: boolean) => mutate({ id, pinned: isPinned }),
    }),
    [roomId, canReply, canReact, canPin, reply, edit, react, remove, pinned, mutate],
  );
}
