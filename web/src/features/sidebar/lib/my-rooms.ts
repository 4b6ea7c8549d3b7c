import type { Conversation, RoomListItem } from '@studium/protocol';

/** One row of the sidebar: a room the user belongs to, with its activity and counts. */
export interface SidebarEntry {
  room: number;
  title: string;
  /** Time of the newest message; null when there is none. */
  last_activity: string | null;
  unread: number;
  mentions: number;
}

export type SidebarSectionKey = 'rooms' | 'direct' | 'group';

export type MyRooms = Record<SidebarSectionKey, SidebarEntry[]>;

function timeOf(value: string | null): number {
  if (!value) return Number.NEGATIVE_INFINITY;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** Newest activity first; rooms without messages last, by title. */
export function sortByActivity(entries: SidebarEntry[]): SidebarEntry[] {
  return [...entries].sort(
    (a, b) => timeOf(b.last_activity) - timeOf(a.last_activity) || a.title.localeCompare(b.title),
  );
}

function fromConversation(c: Conversation): SidebarEntry {
  return {
    room: c.room,
    title: c.kind === 'group' ? c.group_name?.trim() || 'Group' : c.other_user?.trim() || 'Unknown user',
    last_activity: c.timestamp,
    // The conversation's unread messages where the server sends them; else its unread notifications.
    unread: c.read_state?.unread ?? c.mention_unread_count,
    mentions: c.read_state?.mentions ?? 0,
  };
}

/**
 * The sidebar's three lists (docs/rooms.md, "Sidebar"): the tree rooms the user belongs to (the
 * tree sends a read state for those only), their direct conversations and their groups, each with
 * the most recent activity first.
 */
export function buildMyRooms(
  tree: readonly RoomListItem[] | undefined,
  conversations: readonly Conversation[] | undefined,
): MyRooms {
  const rooms = (tree ?? []).flatMap((r) =>
    r.read_state
      ? [
          {
            room: r.id,
            title: r.name,
            last_activity: r.last_message_at,
            unread: r.read_state.unread,
            mentions: r.read_state.mentions,
          },
        ]
      : [],
  );
  const list = conversations ?? [];
  return {
    rooms: sortByActivity(rooms),
    direct: sortByActivity(list.filter((c) => c.kind === 'direct').map(fromConversation)),
    group: sortByActivity(list.filter((c) => c.kind === 'group').map(fromConversation)),
  };
}
