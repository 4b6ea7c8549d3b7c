import type { RoomListItem } from '@studium/protocol';

const byActivity = (a: RoomListItem, b: RoomListItem) => b.message_count - a.message_count;

/** Rooms at the minimum depth, most messages first. */
export function topLevelRooms<R extends RoomListItem>(rooms: R[]): R[] {
  if (rooms.length === 0) return [];
  const minDepth = Math.min(...rooms.map((r) => r.depth));
  return rooms.filter((r) => r.depth === minDepth).sort(byActivity);
}

/** Direct children of the room at `path` (depth + 1, path prefix), most messages first. */
export function childRooms<R extends RoomListItem>(rooms: R[], path: string): R[] {
  const parent = rooms.find((r) => r.path === path);
  const depth = parent ? parent.depth + 1 : path.split('.').length;
  return rooms.filter((r) => r.depth === depth && r.path.startsWith(`${path}.`)).sort(byActivity);
}

/** Case-insensitive match on name, slug or path; shallow first, then most messages. */
export function searchRooms<R extends RoomListItem>(rooms: R[], query: string): R[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  return rooms
    .filter((r) => [r.name, r.slug, r.path].some((field) => field.toLowerCase().includes(q)))
    .sort((a, b) => a.depth - b.depth || b.message_count - a.message_count);
}
