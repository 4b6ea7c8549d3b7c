import type { ReadState, RoomListItem } from '@studium/protocol';

/** A room of the tree with its descendants' activity added in (docs/rooms.md, "Counts roll up"). */
export interface RolledUpRoom extends RoomListItem {
  /** Whether any room of the tree sits under this one: Enter then opens its children. */
  has_children: boolean;
}

const later = (a: string | null, b: string | null): string | null => {
  if (a === null) return b;
  if (b === null) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
};

function addState(a: ReadState | undefined, b: ReadState | undefined): ReadState | undefined {
  if (!b) return a;
  if (!a) return { unread: b.unread, mentions: b.mentions };
  return { unread: a.unread + b.unread, mentions: a.mentions + b.mentions };
}

/** The dotted paths above `path`, nearest last: 'a.b.c' → ['a', 'a.b']. */
function ancestorPaths(path: string): string[] {
  const parts = path.split('.');
  return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join('.'));
}

/**
 * Every room of the tree with its own numbers plus those of all its descendants: messages, latest
 * activity, and the unread and mention counts of the rooms the viewer belongs to (a room whose
 * subtree holds no membership keeps no read state). One pass, each room added to its ancestors.
 */
export function rollUpTree(rooms: readonly RoomListItem[]): RolledUpRoom[] {
  const byPath = new Map<string, RolledUpRoom>(
    rooms.map((room) => [room.path, { ...room, has_children: false }]),
  );
  for (const room of rooms) {
    for (const path of ancestorPaths(room.path)) {
      const ancestor = byPath.get(path);
      if (!ancestor) continue;
      ancestor.has_children = true;
      ancestor.message_count += room.message_count;
      ancestor.last_message_at = later(ancestor.last_message_at, room.last_message_at);
      const state = addState(ancestor.read_state, room.read_state);
      if (state) ancestor.read_state = state;
    }
  }
  return rooms.map((room) => byPath.get(room.path) ?? { ...room, has_children: false });
}
