import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DELETED_USERNAME, PRESENCE_LIMITS, type ChatMessage, type RoomDetail } from '@studium/protocol';
import { profileKeys } from '../../../lib/query-keys';
import { usePresence } from '../../presence';

/** A direct conversation's other member; '' in any other room. */
export const dmPartner = (room: RoomDetail): string =>
  room.kind === 'dm' ? (room.members?.find((m) => !m.is_self)?.username ?? '') : '';

/**
 * The people the open room shows, watched on one presence socket (docs/presence.md): a direct
 * conversation's partner (the header's online dot) and the authors of the messages loaded, the
 * newest first, as many as a socket takes. When what others see of one of them changes (their
 * picture), their profile is read again, so the avatars beside their messages follow without a
 * reload. The user's own avatar follows their own edits already; a visitor who is not signed in
 * watches nobody.
 */
export function useRoomPresence(
  room: RoomDetail,
  messages: readonly ChatMessage[],
  me: string | null,
): Record<string, boolean> {
  const queryClient = useQueryClient();
  const partner = dmPartner(room);
  const watched = useMemo(() => {
    const list: string[] = [];
    if (me === null) return list;
    const seen = new Set([me, '', DELETED_USERNAME]);
    for (const username of [partner, ...messages.map((m) => m.username).reverse()]) {
      if (list.length === PRESENCE_LIMITS.watchMax) break;
      if (seen.has(username)) continue;
      seen.add(username);
      list.push(username);
    }
    return list;
  }, [partner, messages, me]);
  return usePresence(watched, {
    onProfileChanged: (username) =>
      void queryClient.invalidateQueries({ queryKey: profileKeys.user(username) }),
    // The avatars were read as the messages loaded; a reconnection reads them again.
    recheckOnOpen: false,
  });
}
