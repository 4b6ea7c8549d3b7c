import { describe, expect, it } from 'vitest';
import type { RoomListItem } from '@studium/protocol';
import { childRooms, searchRooms, topLevelRooms } from './room-tree';

let nextId = 1;
function room(path: string, message_count = 0, name?: string): RoomListItem {
  const slug = path.split('.').at(-1) ?? path;
  return {
    id: nextId++,
    name: name ?? slug,
    slug,
    path,
    depth: path.split('.').length - 1,
    message_count,
    last_message_at: null,
  };
}

const sci = room('science', 5, 'Science');
const arts = room('arts', 9, 'Arts');
const cs = room('science.computer_science', 3, 'Computer Science');
const math = room('science.mathematics', 7, 'Mathematics');
const cs101 = room('science.computer_science.cs-101', 20, 'CS 101');
const ALL = [sci, arts, cs, math, cs101];

describe('tree views', () => {
  it('top level is the minimum depth by message count', () => {
    expect(topLevelRooms(ALL).map((r) => r.name)).toEqual(['Arts', 'Science']);
    expect(topLevelRooms([cs, math, cs101]).map((r) => r.name)).toEqual(['Mathematics', 'Computer Science']);
    expect(topLevelRooms([])).toEqual([]);
  });

  it('children are depth + 1 under the path prefix', () => {
    expect(childRooms(ALL, 'science').map((r) => r.name)).toEqual(['Mathematics', 'Computer Science']);
    expect(childRooms(ALL, 'science.computer_science').map((r) => r.name)).toEqual(['CS 101']);
    expect(childRooms(ALL, 'arts')).toEqual([]);
  });

  it('search is case-insensitive over name, slug and path, shallow first then busiest', () => {
    expect(searchRooms(ALL, 'SCIENCE').map((r) => r.name)).toEqual([
      'Science',
      'Mathematics',
      'Computer Science',
      'CS 101',
    ]);
    expect(searchRooms(ALL, 'cs-1').map((r) => r.name)).toEqual(['CS 101']);
    expect(searchRooms(ALL, '  ')).toEqual([]);
  });
});
