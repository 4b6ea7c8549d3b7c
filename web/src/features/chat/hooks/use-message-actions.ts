import { createContext, useContext, useMemo } from 'react';
import { paths } from '../../../config/paths';
import { usePins, useTogglePin } from '../api/pins';

/** What a message's menu needs from its room: the link to a message and the room's pins. */
export interface MessageActions {
  /** An absolute link that opens the room at this message (the `?message=` jump). */
  linkTo: (id: number) => string;
  /** The room's `can_pin`, as the server decided it. */
  canPin: boolean;
  isPinned: (id: number) => boolean;
  togglePin: (id: number, pinned: boolean) => void;
}

export const MessageActionsContext = createContext<MessageActions | null>(null);

/** The room's message actions, or null where messages have no room menu (an assistant's page). */
export const useMessageActionsContext = () => useContext(MessageActionsContext);

/**
 * The absolute address of a message: the app routes in the hash, so the link is this page's
 * address with `#/chat/{room}?message={id}`.
 */
export function messageLink(roomId: number, id: number, location: Pick<Location, 'origin' | 'pathname'>) {
  return `${location.origin}${location.pathname}#${paths.chat.href(roomId)}?message=${id}`;
}

/** The message actions of one room, for `MessageActionsContext`. */
export function useMessageActions(roomId: number, canPin: boolean): MessageActions {
  const pins = usePins(roomId);
  const toggle = useTogglePin(roomId);
  const { mutate } = toggle;
  const pinned = useMemo(() => new Set(pins.data?.pins.map((p) => p.message_id)), [pins.data]);
  return useMemo(
    () => ({
      linkTo: (id: number) => messageLink(roomId, id, window.location),
      canPin,
      isPinned: (id: number) => pinned.has(id),
      togglePin: (id: number, isPinned: boolean) => mutate({ id, pinned: isPinned }),
    }),
    [roomId, canPin, pinned, mutate],
  );
}
