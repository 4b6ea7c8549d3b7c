import type { RoomFields } from '@studium/protocol';

/** The tree's levels in words: faculties hold programmes, programmes hold courses (docs/rooms.md). */
const LEVELS = ['Faculty', 'Programme', 'Course'] as const;

/** What a tree room is, by its depth: 'Faculty', 'Programme', 'Course', then 'Room' below. */
export function roomLevelName(depth: number): string {
  return LEVELS[depth] ?? 'Room';
}

/** What kind of room this is, in the words a student uses. */
export function roomKindLabel(room: Pick<RoomFields, 'kind' | 'depth'>): string {
  switch (room.kind) {
    case 'public':
      return roomLevelName(room.depth);
    case 'group':
      return 'Group conversation';
    case 'dm':
      return 'Direct message';
    case 'assistant':
      return 'Assistant';
  }
}
